// Search: the CLI's engine and tiers behind a form (words, type, since; project from the header),
// hits with their matches marked, each linking to its session in the timeline.
import type { SearchResponse } from '../lib/ui/wire.js';
import { getJson } from './api.js';
import { el, replace } from './dom.js';
import { agentText, dateTime, fixedText, shownFile } from './format.js';
import { pager } from './pager.js';
import { href, navigate, withParams } from './router.js';

const TYPES = ['observation', 'file_edit', 'command', 'error'];
const SINCE: ReadonlyArray<readonly [string, string]> = [
  ['', 'any time'],
  ['1d', 'last day'],
  ['7d', 'last 7 days'],
  ['30d', 'last 30 days'],
  ['90d', 'last 90 days'],
];

export async function drawSearch(root: HTMLElement, params: URLSearchParams, signal: AbortSignal): Promise<void> {
  const q = params.get('q') ?? '';
  const form = searchForm(params);
  replace(root, el('h1', {}, 'Search'), form);
  if (!q.trim()) {
    root.append(
      el(
        'p',
        { class: 'empty' },
        'Words must all match: first as words, then as parts of words, then as plain text. Korean and English alike.',
      ),
    );
    (form.querySelector('input') as HTMLInputElement).focus();
    return;
  }
  const data = await getJson<SearchResponse>(
    '/api/search',
    {
      q,
      project: params.get('project'),
      type: params.get('type'),
      since: params.get('since'),
      page: params.get('page'),
    },
    signal,
  );
  if (data.hits.length === 0) {
    root.append(
      el('p', { class: 'empty' }, data.tier === null ? 'Nothing searchable in these words.' : 'No memories match.'),
    );
    return;
  }
  root.append(
    el('p', { class: 'facts' }, `${data.hits.length} on this page · matched by ${data.tier_label ?? ''}`),
    el(
      'ol',
      { class: 'hits' },
      ...data.hits.map((memory) => {
        const { snippet, why } = memory;
        const file = shownFile(memory);
        const link = href('/timeline', {
          project: params.get('project'),
          session: memory.session_id,
          memory: memory.id,
        });
        const fixed = fixedText(memory);
        return el(
          'li',
          { class: `hit type-${memory.type}${fixed === null ? '' : ' is-fixed'}` },
          el(
            'div',
            { class: 'meta' },
            el('span', { class: 'when' }, dateTime(memory.created_at)),
            el('span', { class: 'project-name' }, memory.project),
            agentText(memory) === null ? null : el('span', { class: 'agent' }, agentText(memory)),
            el('span', { class: 'kind' }, `${memory.tool}/${memory.type}`),
            file === null ? null : el('span', { class: 'file' }, file),
            el('span', { class: 'id' }, `#${memory.id}`),
            fixed === null ? null : el('span', { class: 'fixed' }, fixed),
          ),
          el('p', { class: 'snippet' }, ...snippet.map((part) => (part.hit ? el('mark', {}, part.text) : part.text))),
          why === null
            ? null
            : el(
                'p',
                { class: 'why' },
                el('span', { class: 'why-label' }, 'why: '),
                ...why.map((part) => (part.hit ? el('mark', {}, part.text) : part.text)),
              ),
          el('a', { class: 'open-session', href: link, 'data-item': true }, 'Open its session →'),
        );
      }),
    ),
    pager({ page: data.page, pages: data.page, has_more: data.has_more }, (page) => withParams({ page }), {
      label: 'Result pages',
      prev: '← Previous',
      next: 'Next →',
    }),
  );
}

function searchForm(params: URLSearchParams): HTMLFormElement {
  const input = el('input', {
    type: 'search',
    name: 'q',
    value: params.get('q') ?? '',
    placeholder: 'words to find',
    'aria-label': 'Words to find',
    autocomplete: 'off',
  });
  const type = el(
    'select',
    { name: 'type', 'aria-label': 'Type' },
    el('option', { value: '' }, 'any type'),
    ...TYPES.map((name) => el('option', { value: name }, name)),
  );
  type.value = params.get('type') ?? '';
  const since = el(
    'select',
    { name: 'since', 'aria-label': 'Since' },
    ...SINCE.map(([value, label]) => el('option', { value }, label)),
  );
  const sinceValue = params.get('since') ?? '';
  if (!SINCE.some(([value]) => value === sinceValue))
    since.append(el('option', { value: sinceValue }, `since ${sinceValue}`));
  since.value = sinceValue;
  const form = el(
    'form',
    { class: 'search', role: 'search', action: '/search', method: 'get' },
    input,
    type,
    since,
    el('button', { type: 'submit' }, 'Search'),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    navigate(
      href('/search', { q: input.value.trim(), project: params.get('project'), type: type.value, since: since.value }),
    );
  });
  return form;
}
