// Timeline: sessions by day of their last activity, newest first, a page at a time; a session opens
// in place to its summary and its memories in order (errors marked). `session` in the URL opens one.
import type { SessionResponse, TimelineResponse, WireMemory, WireSession } from '../lib/ui/wire.js';
import { getJson } from './api.js';
import { append, el, replace } from './dom.js';
import { agentText, clock, dayHeading, duration, fixedText, localDay, plural, shownFile } from './format.js';
import { pager } from './pager.js';
import { remember, withParams } from './router.js';

export async function drawTimeline(root: HTMLElement, params: URLSearchParams, signal: AbortSignal): Promise<void> {
  const project = params.get('project');
  const open = params.get('session');
  const data = await getJson<TimelineResponse>(
    '/api/timeline',
    { project, page: params.get('page'), session: open },
    signal,
  );
  const heading = el('h1', {}, 'Timeline');
  const facts = el(
    'p',
    { class: 'facts' },
    `${plural(data.total, 'session')}${project ? ` in ${project}` : ''}, newest first.`,
  );
  if (data.sessions.length === 0) {
    replace(root, heading, facts, el('p', { class: 'empty' }, 'No sessions recorded yet.'));
    return;
  }
  const pages = pager(data, (page) => withParams({ page, session: null, memory: null, spage: null }));
  const days = new Map<string, WireSession[]>();
  for (const session of data.sessions) {
    const key = localDay(new Date(session.last_at));
    days.set(key, [...(days.get(key) ?? []), session]);
  }
  const sections = [...days.values()].map((sessions) =>
    el(
      'section',
      { class: 'day' },
      el('h2', {}, dayHeading((sessions[0] as WireSession).last_at)),
      el('ul', { class: 'sessions' }, ...sessions.map((session) => sessionItem(session, params, signal))),
    ),
  );
  replace(root, heading, facts, pages.cloneNode(true), ...sections, pages);
}

function sessionItem(session: WireSession, params: URLSearchParams, signal: AbortSignal): HTMLLIElement {
  const id = session.session_id;
  const body = el('div', { class: 'session-body', id: `body-${cssId(id)}`, hidden: true });
  const head = el(
    'button',
    {
      class: 'session-head',
      type: 'button',
      'aria-expanded': 'false',
      'aria-controls': body.id,
      'data-item': true,
      'data-session': id,
    },
    el('span', { class: 'when' }, `${clock(session.started_at)}–${clock(session.last_at)}`),
    el('span', { class: 'project-name' }, session.project),
    el('span', { class: 'count' }, plural(session.memories, 'memory', 'memories')),
    session.errors > 0 ? el('span', { class: 'errors' }, plural(session.errors, 'error')) : null,
    el('span', { class: 'headline' }, session.headline ?? 'no summary yet'),
  );
  const item = el('li', { class: 'session', 'data-session-id': id }, head, body);
  const show = (opened: boolean): void => {
    head.setAttribute('aria-expanded', String(opened));
    body.hidden = !opened;
  };
  head.addEventListener('click', () => {
    const opened = head.getAttribute('aria-expanded') !== 'true';
    show(opened);
    remember(
      withParams(opened ? { session: id, memory: null, spage: null } : { session: null, memory: null, spage: null }),
    );
    if (opened) void loadSession(body, id, null, null, new AbortController().signal);
  });
  if (params.get('session') === id) {
    show(true);
    void loadSession(body, id, params.get('spage'), params.get('memory'), signal).then(() => {
      const target = params.get('memory') ? body.querySelector('.memory.target') : head;
      target?.scrollIntoView({ block: 'center' });
      if (target === head) head.focus();
    });
  }
  return item;
}

async function loadSession(
  body: HTMLElement,
  id: string,
  page: string | null,
  memory: string | null,
  signal: AbortSignal,
): Promise<void> {
  replace(body, el('p', { class: 'loading' }, 'Loading…'));
  try {
    const data = await getJson<SessionResponse>('/api/session', { id, page }, signal);
    const parts: Node[] = [];
    if (data.summary) {
      parts.push(
        el(
          'div',
          { class: 'summary' },
          el('h3', {}, `Summary · ${duration(data.summary.duration_sec)}`),
          el('p', { class: 'summary-text' }, data.summary.text),
        ),
      );
    }
    parts.push(el('ol', { class: 'memories' }, ...data.memories.map((row) => memoryItem(row, memory))));
    if (data.pages > 1) {
      parts.push(
        pager(data, (p) => withParams({ session: id, spage: p, memory: null }), {
          label: 'Memories of this session',
          prev: '← Earlier',
          next: 'Later →',
        }),
      );
    }
    replace(body, ...parts);
    body.dataset['loaded'] = 'true';
  } catch (error) {
    if (!signal.aborted)
      replace(
        body,
        el(
          'p',
          { class: 'failure' },
          `Could not load the session: ${error instanceof Error ? error.message : String(error)}`,
        ),
      );
  }
}

export function memoryItem(row: WireMemory, target: string | null): HTMLLIElement {
  const file = shownFile(row);
  const item = el(
    'li',
    {
      class: `memory type-${row.type}${fixedText(row) === null ? '' : ' is-fixed'}${String(row.id) === target ? ' target' : ''}`,
      id: `m-${row.id}`,
    },
    el(
      'div',
      { class: 'meta' },
      el('span', { class: 'when' }, clock(row.created_at)),
      agentText(row) === null ? null : el('span', { class: 'agent' }, agentText(row)),
      el('span', { class: 'kind' }, `${row.tool}/${row.type}`),
      file === null ? null : el('span', { class: 'file' }, file),
      row.exit_code === null ? null : el('span', { class: 'exit' }, `exit ${row.exit_code}`),
      el('span', { class: 'id' }, `#${row.id}`),
    ),
    el('pre', { class: 'content' }, row.content),
  );
  const fixed = fixedText(row);
  if (row.type === 'error')
    append(
      item.querySelector('.meta') as Element,
      fixed === null ? el('span', { class: 'badge' }, 'error') : el('span', { class: 'fixed' }, fixed),
    );
  return item;
}

/** Session ids are free text: keep element ids to safe characters. */
function cssId(text: string): string {
  return text.replace(/[^A-Za-z0-9_-]/g, (char) => `_${char.codePointAt(0)?.toString(16) ?? ''}`);
}
