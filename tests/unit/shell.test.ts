import { describe, expect, it } from 'vitest';
import { classifyCommand, commandKey } from '../../lib/capture/shell.js';
import { isNoiseCommand } from '../../lib/capture/noise-commands.js';
import { commandWords, splitCommand, usesHeredoc, writesFile } from '../../lib/capture/shell-words.js';

describe('read-only shell noise', () => {
  it.each([
    'ls -la',
    'cat package.json',
    'head -n 20 src/a.ts',
    'tail -f log.txt',
    'echo hello',
    'pwd',
    'cd src',
    'which node',
    'git status',
    'git log --oneline -5',
    'git diff HEAD~1',
    'git branch',
    'grep -rn TODO src',
    'rg foo',
    'find . -name "*.ts"',
    'node --version',
    'cd src && ls',
    'cat a.txt | grep x | wc -l',
    'pwd; ls',
    'wc -l src/*.ts',
    'FOO=1 ls',
    'sed -n 1,20p file.ts',
  ])('skips %s', (command) => {
    expect(isNoiseCommand(command)).toBe(true);
  });

  it.each([
    'npm test',
    'cd app && npm test',
    'git commit -m "feat: memory"',
    'git push origin main',
    'docker build .',
    'python manage.py migrate',
    'ls && make',
    'echo "x" > notes.txt',
    "sed -i 's/a/b/' file.ts",
    'cat > src/new.ts <<EOF\nexport {}\nEOF',
    'rm -rf build',
    'curl -X POST https://example.com',
    'ls; npm run build',
    'find site/judge/admin -type f -name "*.pyc" -delete',
    'find . -name "*.orig" -exec rm {} +',
  ])('keeps %s', (command) => {
    expect(isNoiseCommand(command)).toBe(false);
  });

  it('does not split inside quotes', () => {
    expect(splitCommand('git commit -m "a && b; c" && npm test')).toEqual(['git commit -m "a && b; c"', 'npm test']);
  });

  it('treats 2>&1 as a redirection, not a separator', () => {
    expect(splitCommand('npm test 2>&1 | tail -5')).toEqual(['npm test 2>&1', 'tail -5']);
  });
});

describe('command classification', () => {
  it.each([
    ['git commit -m "x"', 'vcs-change', 2],
    ['npm install zod', 'package', 2],
    ['pnpm add -D vitest', 'package', 2],
    ['npm test', 'test', 1],
    ['npx vitest run', 'test', 1],
    ['pytest -q', 'test', 1],
    ['npm run build', 'build', 1],
    ['cargo build --release', 'build', 1],
    ['npx eslint .', 'lint', 1],
    ['docker compose up -d', 'container', 1],
    ['vercel deploy --prod', 'deploy', 2],
    ['npx prisma migrate dev', 'migration', 2],
    ['cd app && git push', 'vcs-change', 2],
    ['python script.py', 'run', 1],
  ] as const)('classifies %s as %s', (command, kind, importance) => {
    expect(classifyCommand(command)).toMatchObject({ kind, importance });
  });
});

describe('here-documents', () => {
  it.each([
    "cat > src/app.js << 'ENDOFFILE'\nconst a = 1;\nENDOFFILE",
    'cat <<EOF > notes.md\nhello\nEOF',
    'git commit -m "$(cat <<\'EOF\'\nfix: greet\nEOF\n)"',
    'python3 - <<-"PY"\n\tprint(1)\n\tPY',
  ])('sees one in %j', (command) => {
    expect(usesHeredoc(command)).toBe(true);
  });
  it.each([
    'cat <<< "$body"',
    'node -e "console.log(1 << 3)"\necho done',
    "g++ a.cpp && echo 'cout << x;'\n./a.out",
    "cat << 'EOF'",
    'echo "a << b"',
  ])('sees none in %j (a here-string, a shift, no body)', (command) => {
    expect(usesHeredoc(command)).toBe(false);
  });
});

describe('top command keys', () => {
  it.each([
    ['git commit -m "x" && npm test  # commit it', 'git commit'],
    ['cd src && npm run build', 'npm run build'],
    ['pnpm run test:unit -- --watch', 'pnpm run test:unit'],
    ['npm test', 'npm test'],
    ['npm run', 'npm run'],
    ['FOO=1 sudo docker compose up -d', 'docker compose'],
    ['/usr/local/bin/node script.js', 'node'],
    ['pytest -x tests/', 'pytest'],
    ['', null],
  ])('%j → %j', (content, key) => {
    expect(commandKey(content)).toBe(key);
  });
});

// writesFile and commandWords look for a literal ('sed', '>', '=', a parenthesis) before running a
// pattern that can only match text holding it. The patterns alone must say the same on any segment.
describe('literal checks before the shell patterns', () => {
  const reference = {
    writesFile: (segment: string): boolean =>
      /\bsed\b[^|]*\s-i\b/.test(segment) ||
      /\bsed\s+-[a-zA-Z]*i/.test(segment) ||
      /(?:^|[^<&0-9>])>>?\s*(?!&|\/dev\/null)[^\s>&]/.test(segment.replace(/'[^']*'|"[^"]*"/g, '""')),
    commandWords: (segment: string): string[] => {
      const words = segment.split(/\s+/).filter(Boolean);
      let start = 0;
      while (start < words.length) {
        const word = words[start] as string;
        if (
          /^[A-Za-z_][A-Za-z0-9_]*=/.test(word) ||
          ['sudo', 'time', 'command', 'builtin', 'nohup', 'exec', 'nice'].includes(word) ||
          word === '(' ||
          word === '{'
        )
          start++;
        else break;
      }
      return words.slice(start).map((word) => word.replace(/^\(+|\)+$/g, ''));
    },
  };
  const pieces = [
    'sed',
    '-i',
    '-ni',
    's/a/b/',
    '>',
    '>>',
    '2>&1',
    '&>',
    '/dev/null',
    'out.txt',
    "'a > b'",
    '"x>y"',
    '=',
    'A=1',
    '_b=2',
    '(',
    ')',
    '((x))',
    'ls',
    'git',
    'sudo',
    '{',
    '|',
    '-n',
    'sedx',
    'used',
    ' ',
    '\t',
  ];
  let seed = 11;
  const next = (n: number): number => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  const segments = Array.from({ length: 5000 }, () =>
    Array.from({ length: 1 + next(8) }, () => pieces[next(pieces.length)] as string).join(next(3) === 0 ? '' : ' '),
  );

  it('writesFile answers as its patterns do', () => {
    for (const segment of segments) expect(writesFile(segment), segment).toBe(reference.writesFile(segment));
  });

  it('commandWords splits as its patterns do', () => {
    for (const segment of segments) expect(commandWords(segment), segment).toEqual(reference.commandWords(segment));
  });
});
