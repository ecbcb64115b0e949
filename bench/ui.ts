// `memory ui` at scale: each view's requests against a real server on a big database, timed by the
// server itself (its Server-Timing header) and as HTTP round trips on loopback. Used by run.ts at the
// largest size, and alone by `npm run bench:ui` (which builds or reuses a database first).
import { startUiServer } from '../lib/ui/server.js';
import { ms, stats } from './measure.js';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The page the runtime serves (this file runs as dist/bench/ui.js). */
const UI_ASSETS = join(dirname(fileURLToPath(import.meta.url)), '..', 'runtime', 'dist', 'web');

interface ViewCase {
  readonly view: string;
  readonly requests: readonly string[];
}

const VIEWS: readonly ViewCase[] = [
  {
    view: 'Timeline, first page (shell, projects, sessions)',
    requests: ['/timeline', '/api/projects', '/api/timeline'],
  },
  { view: 'Timeline, page 50', requests: ['/api/timeline?page=50'] },
  { view: 'Timeline, one project', requests: ['/api/timeline?project=api-server'] },
  {
    view: "Timeline opened at a search result's session",
    requests: ['/api/timeline?session=bench-session-1200', '/api/session?id=bench-session-1200'],
  },
  { view: 'Search `rotation` (unicode61)', requests: ['/api/search?q=rotation'] },
  { view: 'Search `efres` page 3 (trigram)', requests: ['/api/search?q=efres&page=3'] },
  { view: 'Search `인증` (LIKE)', requests: ['/api/search?q=%EC%9D%B8%EC%A6%9D'] },
  { view: 'Search `없음` (LIKE, no match)', requests: ['/api/search?q=%EC%97%86%EC%9D%8C'] },
  {
    view: 'Search `handler` in one project, errors, last 30 days',
    requests: ['/api/search?q=handler&project=web-app&type=error&since=30d'],
  },
  { view: 'Overview, all projects, 14 days', requests: ['/api/overview'] },
  { view: 'Overview, all projects, 90 days', requests: ['/api/overview?days=90'] },
  { view: 'Overview, one project', requests: ['/api/overview?project=web-app'] },
];

export interface ViewTiming {
  readonly view: string;
  readonly serverP50: number;
  readonly serverP95: number;
  readonly roundTripP50: number;
  readonly roundTripP95: number;
}

/** Times every view `rounds` times (after one warm-up) against a server on `dbPath`. */
export async function benchUi(dbPath: string, now: Date, rounds: number): Promise<ViewTiming[]> {
  const server = await startUiServer({ dbPath, port: 0, now: () => now, assetsDir: UI_ASSETS });
  try {
    const origin = `http://127.0.0.1:${server.port}`;
    const login = await fetch(server.url, { redirect: 'manual' });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const results: ViewTiming[] = [];
    for (const { view, requests } of VIEWS) {
      const serverTimes: number[] = [];
      const roundTrips: number[] = [];
      for (let round = 0; round <= rounds; round++) {
        let serverTime = 0;
        const start = performance.now();
        for (const path of requests) {
          const response = await fetch(`${origin}${path}`, { headers: { cookie } });
          if (response.status !== 200) throw new Error(`${path}: HTTP ${response.status}`);
          await response.arrayBuffer();
          serverTime += Number(/dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')?.[1] ?? 0);
        }
        if (round === 0) continue;
        roundTrips.push(performance.now() - start);
        serverTimes.push(serverTime);
      }
      const server95 = stats(serverTimes);
      const trip = stats(roundTrips);
      results.push({
        view,
        serverP50: server95.median,
        serverP95: server95.p95,
        roundTripP50: trip.median,
        roundTripP95: trip.p95,
      });
    }
    return results;
  } finally {
    await server.close();
  }
}

/** The BENCHMARKS.md section for `timings`. */
export function uiSection(memories: number, timings: readonly ViewTiming[], rounds: number): string[] {
  const lines = [
    `## memory ui at ${memories.toLocaleString('en')} memories`,
    '',
    `Each view's requests in order, ${rounds} rounds after a warm-up. Server time is what the server reports in Server-Timing (routing, SQL, JSON), summed over the view's API requests (the shell and assets are served from memory); round trip adds HTTP on loopback. Target: every view under 300 ms of server time.`,
    '',
    '| view | server p50 | server p95 | round trip p50 | round trip p95 | target |',
    '|---|---:|---:|---:|---:|---|',
  ];
  for (const t of timings) {
    lines.push(
      `| ${t.view} | ${ms(t.serverP50)} | ${ms(t.serverP95)} | ${ms(t.roundTripP50)} | ${ms(t.roundTripP95)} | ${t.serverP95 < 300 ? '✓' : '✗'} < 300 ms |`,
    );
  }
  return lines;
}
