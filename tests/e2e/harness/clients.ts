// How each real client is pointed at its mock and started headless, one prompt per process. What a
// client needs in its HOME to run offline is written here and reported (`configChanged`), so a test of an
// installer knows which of the files it wrote the harness touched.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from './install.js';
import type { Mock } from './mock-server.js';
import { startAnthropicMock } from './mock-anthropic.js';
import { startGeminiMock } from './mock-gemini.js';
import { startOpenAiMock } from './mock-openai.js';
import { startChatMock } from './mock-chat.js';
import type { Scenario } from './scenario.js';

export interface RunOptions {
  readonly client: Client;
  readonly prompt: string;
  readonly home: string;
  readonly cwd: string;
  readonly out: string;
  readonly resume: string | null;
  /**
   * Codex: bypass (the flag), keep (only hooks the HOME's config.toml trusts run), review (first trust every
   * hook Codex lists, as a person does in its "Hooks need review" screen, then as keep).
   */
  readonly hookTrust: 'bypass' | 'keep' | 'review';
  /** Claude Code: allow (--allowedTools with the scenario's tools), bypass, none. */
  readonly permissions: 'allow' | 'bypass' | 'none';
  readonly allowedTools: readonly string[];
  readonly model: string | null;
  readonly args: readonly string[];
}

export interface Prepared {
  readonly env: Record<string, string>;
  readonly args: string[];
  readonly configChanged: Record<string, string>;
}

const MOCK_KEY = 'e2e-mock-key-not-a-secret';
const CODEX_PROFILE = 'memory-e2e-mock';

export function startMockFor(
  client: Client,
  scenario: Scenario,
  vars: Record<string, string>,
  log: string,
): Promise<Mock> {
  if (client === 'claude') return startAnthropicMock(scenario, vars, log);
  if (client === 'codex') return startOpenAiMock(scenario, vars, log);
  if (client === 'opencode') return startChatMock(scenario, vars, log);
  return startGeminiMock(scenario, vars, log);
}

/** Claude Code: the mock's URL and a dummy key in the environment; everything optional turned off. */
function claude(o: RunOptions, exe: string, scenario: Scenario, mock: Mock): Prepared {
  const env: Record<string, string> = {
    ANTHROPIC_BASE_URL: mock.url,
    ANTHROPIC_API_KEY: MOCK_KEY,
    // No telemetry, error reports, updates, surveys or marketplace fetches: the mock is the only server.
    DISABLE_TELEMETRY: '1',
    DISABLE_ERROR_REPORTING: '1',
    DISABLE_AUTOUPDATER: '1',
    DISABLE_UPDATES: '1',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    CLAUDE_CODE_DISABLE_FEEDBACK_SURVEY: '1',
    CLAUDE_CODE_DISABLE_OFFICIAL_MARKETPLACE_AUTOINSTALL: '1',
    CLAUDE_CODE_DISABLE_TERMINAL_TITLE: '1',
    DISABLE_INSTALLATION_CHECKS: '1',
  };
  const args = ['-p', o.prompt, '--output-format', 'stream-json', '--verbose'];
  // Releases before 2.1.112 have no --include-hook-events (and refuse it): their hooks show only by effect.
  const help = spawnSync(exe, ['--help'], {
    encoding: 'utf8',
    env: { PATH: process.env['PATH'] ?? '', HOME: o.home },
    timeout: 60_000,
  });
  if (`${help.stdout}`.includes('--include-hook-events')) args.push('--include-hook-events');
  if (o.resume) args.push('--resume', o.resume);
  if (o.permissions === 'bypass') {
    args.push('--dangerously-skip-permissions');
    if (process.getuid?.() === 0) env['IS_SANDBOX'] = '1'; // refused as root otherwise
  }
  const names = { shell: 'Bash', write_file: 'Write', edit_file: 'Edit' } as Record<string, string>;
  const scripted = scenario.turns
    .flatMap((t) => t.blocks)
    .flatMap((b) => (b.type === 'tool' ? [b.name] : names[b.type] ? [names[b.type] as string] : []));
  const allowed = [...new Set([...(o.permissions === 'allow' ? scripted : []), ...o.allowedTools])];
  if (allowed.length > 0) args.push(`--allowedTools=${allowed.join(',')}`);
  args.push(...o.args);
  return { env, args, configChanged: {} };
}

/**
 * Codex: a profile beside config.toml (`-p` layers it over config.toml, so hooks, features and trust the
 * installer wrote stay in force) naming the mock as a Responses provider. The model must be one Codex's
 * bundled catalogue knows: an unknown one gets no apply_patch tool.
 */
function codex(o: RunOptions, mock: Mock): Prepared {
  const codexHome = join(o.home, '.codex');
  mkdirSync(codexHome, { recursive: true });
  const profile = join(codexHome, `${CODEX_PROFILE}.config.toml`);
  writeFileSync(
    profile,
    [
      `model = ${JSON.stringify(o.model ?? 'gpt-5.5')}`,
      'model_provider = "memory_e2e_mock"',
      'check_for_update_on_startup = false',
      '[analytics]',
      'enabled = false',
      '[model_providers.memory_e2e_mock]',
      'name = "memory e2e mock"',
      `base_url = ${JSON.stringify(`${mock.url}/v1`)}`,
      'env_key = "MEMORY_E2E_MOCK_KEY"',
      'wire_api = "responses"',
      'request_max_retries = 0',
      'stream_max_retries = 0',
      '',
    ].join('\n'),
  );
  const args = [
    'exec',
    '-p',
    CODEX_PROFILE,
    '--skip-git-repo-check',
    '--color',
    'never',
    '-o',
    join(o.out, 'last-message.txt'),
  ];
  if (o.hookTrust === 'bypass') args.push('--dangerously-bypass-hook-trust');
  // No sandbox: bubblewrap inside a container is the machine's business, not the hooks'.
  args.push('--dangerously-bypass-approvals-and-sandbox', ...o.args);
  if (o.resume) args.push('resume', ...(o.resume === 'last' ? ['--last'] : [o.resume]));
  args.push('--', o.prompt);
  return {
    env: { CODEX_HOME: codexHome, MEMORY_E2E_MOCK_KEY: MOCK_KEY },
    args,
    configChanged: { [profile]: 'written (a profile layered over config.toml)' },
  };
}

/**
 * Gemini CLI: the base URL and a key in the environment, and API-key auth selected in settings.json
 * (the URL alone selects the "gateway" auth, which -p refuses; a system settings file under /tmp is
 * skipped as insecure). Every other key of the file, hooks included, is kept.
 */
function gemini(o: RunOptions, mock: Mock): Prepared {
  const file = join(o.home, '.gemini', 'settings.json');
  mkdirSync(join(o.home, '.gemini'), { recursive: true });
  const settings = (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {}) as Record<
    string,
    Record<string, unknown>
  >;
  const changed: string[] = [];
  const set = (section: string, key: string, value: unknown, force: boolean) => {
    const at = (settings[section] ??= {});
    const path = key.split('.');
    let node = at as Record<string, unknown>;
    for (const part of path.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    const last = path.at(-1) as string;
    if ((force || node[last] === undefined) && node[last] !== value) {
      node[last] = value;
      changed.push(`${section}.${key}`);
    }
  };
  set('security', 'auth.selectedType', 'gemini-api-key', true);
  set('general', 'enableAutoUpdate', false, false);
  set('general', 'enableAutoUpdateNotification', false, false);
  set('privacy', 'usageStatisticsEnabled', false, false);
  if (changed.length > 0) writeFileSync(file, `${JSON.stringify(settings, null, 2)}\n`);
  const args = [`--prompt=${o.prompt}`, '--output-format', 'stream-json', '--approval-mode', 'yolo'];
  if (o.model) args.push('--model', o.model);
  if (o.resume) args.push('--resume', o.resume);
  args.push(...o.args);
  return {
    env: {
      GEMINI_CLI_HOME: o.home,
      GOOGLE_GEMINI_BASE_URL: mock.url,
      GEMINI_API_KEY: MOCK_KEY,
      // The folder trusted (else yolo falls back to default and the write and shell tools are withheld).
      GEMINI_CLI_TRUST_WORKSPACE: 'true',
      GEMINI_CLI_NO_RELAUNCH: 'true',
    },
    args,
    configChanged: changed.length > 0 ? { [file]: `set ${changed.join(', ')}` } : {},
  };
}

/**
 * OpenCode: the mock as an OpenAI-compatible provider (`@ai-sdk/openai-compatible` ships inside OpenCode,
 * so nothing is fetched) in a config file of the run's own, named by OPENCODE_CONFIG and merged over the
 * HOME's: the plugins the install put in ~/.config/opencode/plugins load as they would for a person.
 * Every tool allowed; no update check, no model catalogue download, no sharing.
 */
function opencode(o: RunOptions, mock: Mock): Prepared {
  const file = join(o.out, 'opencode.json');
  const model = o.model ?? 'mock-model';
  writeFileSync(
    file,
    `${JSON.stringify(
      {
        $schema: 'https://opencode.ai/config.json',
        autoupdate: false,
        share: 'disabled',
        model: `memory-e2e-mock/${model}`,
        provider: {
          'memory-e2e-mock': {
            npm: '@ai-sdk/openai-compatible',
            name: 'memory e2e mock',
            options: { baseURL: `${mock.url}/v1`, apiKey: MOCK_KEY },
            models: { [model]: { name: model, tool_call: true } },
          },
        },
        permission: { edit: 'allow', bash: 'allow', webfetch: 'deny' },
      },
      null,
      2,
    )}\n`,
  );
  const args = ['run', '--model', `memory-e2e-mock/${model}`, ...o.args];
  if (o.resume) args.push(...(o.resume === 'last' ? ['--continue'] : ['--session', o.resume]));
  args.push(o.prompt);
  return {
    env: {
      OPENCODE_CONFIG: file,
      OPENCODE_DISABLE_AUTOUPDATE: '1',
      OPENCODE_DISABLE_MODELS_FETCH: '1',
      OPENCODE_DISABLE_LSP_DOWNLOAD: '1',
      OPENCODE_DISABLE_SHARE: '1',
    },
    args,
    configChanged: {},
  };
}

export function prepare(o: RunOptions, exe: string, scenario: Scenario, mock: Mock): Prepared {
  if (o.client === 'claude') return claude(o, exe, scenario, mock);
  if (o.client === 'codex') return codex(o, mock);
  if (o.client === 'opencode') return opencode(o, mock);
  return gemini(o, mock);
}
