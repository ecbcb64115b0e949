// A throw-away PostgreSQL cluster from Debian's packages for the team-memory tests: initdb in a temp
// dir with a UTF-8 locale, listening on 127.0.0.1 only at a free port, password (scram) auth over TCP.
// initdb refuses to run as root, so under root the server runs as the unprivileged `postgres` user.
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export interface Cluster {
  readonly host: string;
  readonly port: number;
  readonly adminUser: string;
  readonly adminPassword: string;
  /** postgres:// URL for `user` (the admin by default) to `database`. */
  url(database: string, user?: string, password?: string): string;
  /** Runs SQL as the admin on `database`. */
  admin<T = Record<string, unknown>>(database: string, sql: string, params?: readonly unknown[]): Promise<T[]>;
  stop(): void;
  /** The data directory (its size is the server's disk use). */
  readonly dataDir: string;
}

/** The newest installed server's bin directory, or null when PostgreSQL is not installed. */
export function postgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((name) => existsSync(join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** uid/gid to run the server as: ourselves, or `postgres` when we are root. */
function serverUser(): { uid: number; gid: number; name: string } | null {
  if (process.getuid?.() !== 0) return null;
  // Debian's package creates `postgres`; without it any unprivileged account will do.
  for (const account of ['postgres', 'nobody']) {
    const found = spawnSync('getent', ['passwd', account], { encoding: 'utf8' });
    if (found.status !== 0) continue;
    const [name, , uid, gid] = found.stdout.trim().split(':');
    return { name: name as string, uid: Number(uid), gid: Number(gid) };
  }
  throw new Error('running as root and no unprivileged account (postgres, nobody) to run PostgreSQL as');
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export interface ClusterOptions {
  /** Durable writes, as a real server runs (the bench); tests skip fsync for speed. */
  readonly fsync?: boolean;
  /** Where the data directory goes (default: the system temp dir). */
  readonly parent?: string;
  /**
   * A fixed directory the cluster lives in and is kept in (the bench's servers, built once): started
   * again when it already holds one, only stopped (never removed) by stop().
   */
  readonly keep?: string;
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL is not installed (apt-get install postgresql; .ci/run does it)');
  const dir = options.keep ?? mkdtempSync(join(options.parent ?? tmpdir(), 'cmh-pg-'));
  mkdirSync(dir, { recursive: true });
  const data = join(dir, 'data');
  const reuse = options.keep !== undefined && existsSync(join(data, 'PG_VERSION'));
  const user = serverUser();
  if (user) {
    chmodSync(dir, 0o700);
    chownSync(dir, user.uid, user.gid);
  }
  const adminUser = 'team_admin';
  const pwfile = join(dir, 'pw');
  const adminPassword = reuse ? readFileSync(pwfile, 'utf8').trim() : `admin-${process.pid}-pw`;
  if (!reuse) writeFileSync(pwfile, `${adminPassword}\n`, { mode: 0o600 });
  if (user) chownSync(pwfile, user.uid, user.gid);
  const run = (program: string, args: readonly string[]) => {
    const command = user ? 'setpriv' : join(bin, program);
    const argv = user
      ? ['--reuid', String(user.uid), '--regid', String(user.gid), '--init-groups', join(bin, program), ...args]
      : [...args];
    const result = spawnSync(command, argv, {
      encoding: 'utf8',
      env: { ...process.env, LC_ALL: 'C.UTF-8', LANG: 'C.UTF-8' },
      cwd: dir,
    });
    if (result.status !== 0) throw new Error(`${program} failed: ${result.stderr || result.stdout}`);
  };
  if (!reuse)
    run('initdb', [
      '-D',
      data,
      '-U',
      adminUser,
      `--pwfile=${pwfile}`,
      '--auth-local=scram-sha-256',
      '--auth-host=scram-sha-256',
      '--encoding=UTF8',
      '--locale=C.UTF-8',
      '--no-sync',
    ]);
  // Another process may take the free port before the server binds it: try a few.
  let port = 0;
  // A kept cluster still running from an earlier run is used as it is (its port is in postmaster.pid).
  const pidFile = join(data, 'postmaster.pid');
  if (reuse && existsSync(pidFile)) {
    const [pid, , , listening] = readFileSync(pidFile, 'utf8').split('\n');
    if (alive(Number(pid))) port = Number(listening);
  }
  for (let attempt = 1; port === 0; attempt++) {
    port = await freePort();
    try {
      run('pg_ctl', [
        '-D',
        data,
        '-l',
        join(dir, 'server.log'),
        '-w',
        '-t',
        '60',
        '-o',
        `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories=${dir} ${options.fsync ? '' : '-c fsync=off '}-c max_connections=60`,
        'start',
      ]);
    } catch (error) {
      port = 0;
      if (attempt >= 3) throw error;
    }
  }
  const host = '127.0.0.1';
  const url = (database: string, name = adminUser, password = adminPassword) =>
    `postgres://${encodeURIComponent(name)}:${encodeURIComponent(password)}@${host}:${port}/${encodeURIComponent(database)}`;
  return {
    host,
    port,
    adminUser,
    adminPassword,
    dataDir: data,
    url,
    async admin<T>(database: string, sql: string, params: readonly unknown[] = []): Promise<T[]> {
      const client = new pg.Client({ connectionString: url(database) });
      await client.connect();
      try {
        return (await client.query(sql, params as unknown[])).rows as T[];
      } finally {
        await client.end();
      }
    },
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', options.keep ? 'fast' : 'immediate', '-w', 'stop']);
      } finally {
        if (!options.keep) rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
