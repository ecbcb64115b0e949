// Project overview: totals, error rate, activity and errors per day (charts and a table), top files
// and commands — the numbers `memory search --stats` prints, from the same computation.
import type { OverviewResponse, WireCount } from '../lib/ui/wire.js';
import { getJson } from './api.js';
import { barChart } from './chart.js';
import { el, replace } from './dom.js';
import { dateTime, percent, plural } from './format.js';
import { withParams } from './router.js';

const SPANS = [14, 30, 90];

export async function drawOverview(root: HTMLElement, params: URLSearchParams, signal: AbortSignal): Promise<void> {
  const data = await getJson<OverviewResponse>(
    '/api/overview',
    { project: params.get('project'), days: params.get('days') },
    signal,
  );
  const card = (label: string, value: string, name: string): HTMLElement =>
    el(
      'div',
      { class: `card ${name}`, 'data-stat': name },
      el('span', { class: 'label' }, label),
      el('span', { class: 'value' }, value),
    );
  const spans = el(
    'nav',
    { class: 'spans', 'aria-label': 'Chart span' },
    ...SPANS.map((days) =>
      days === data.days
        ? el('span', { class: 'current', 'aria-current': 'true' }, `${days} days`)
        : el('a', { href: withParams({ days: days === SPANS[0] ? null : days }) }, `${days} days`),
    ),
  );
  const activity = el('div', { class: 'chart', id: 'chart-activity' });
  const errors = el('div', { class: 'chart', id: 'chart-errors' });
  const table = el(
    'table',
    { class: 'per-day' },
    el(
      'thead',
      {},
      el(
        'tr',
        {},
        el('th', { scope: 'col' }, 'Day'),
        el('th', { scope: 'col' }, 'Memories'),
        el('th', { scope: 'col' }, 'Errors'),
      ),
    ),
    el(
      'tbody',
      {},
      ...data.per_day.map((day) =>
        el('tr', { 'data-day': day.day }, el('td', {}, day.day), el('td', {}, day.count), el('td', {}, day.errors)),
      ),
    ),
  );
  replace(
    root,
    el('h1', {}, data.project ? `Overview · ${data.project}` : 'Overview · all projects'),
    el(
      'div',
      { class: 'cards' },
      card('Memories', data.total.toLocaleString('en'), 'total'),
      card(
        'Sessions',
        `${data.sessions.toLocaleString('en')} (${data.summaries.toLocaleString('en')} summarised)`,
        'sessions',
      ),
      card('Errors', data.errors.toLocaleString('en'), 'errors'),
      card('Error rate', percent(data.error_rate), 'error-rate'),
      card('Oldest', data.oldest ? dateTime(data.oldest) : '—', 'oldest'),
      card('Newest', data.newest ? dateTime(data.newest) : '—', 'newest'),
    ),
    spans,
    el('section', { class: 'panel' }, el('h2', {}, `Activity per day (last ${data.days} days)`), activity),
    el('section', { class: 'panel' }, el('h2', {}, 'Errors per day'), errors),
    el('details', { class: 'panel' }, el('summary', {}, 'The numbers per day'), table),
    el(
      'div',
      { class: 'columns' },
      ranking(
        'Top files',
        data.top_files.map((item) => ({ name: item.file, count: item.count })),
        'top-files',
      ),
      ranking(
        'Top commands',
        data.top_commands.map((item) => ({ name: item.command, count: item.count })),
        'top-commands',
      ),
      ranking('By type', data.by_type, 'by-type'),
      ranking('By tool', data.by_tool, 'by-tool'),
    ),
  );
  const days = data.per_day.map((day) => day.day);
  barChart(activity, { days, values: data.per_day.map((day) => day.count), label: 'Memories', color: '#3b82f6' });
  barChart(errors, { days, values: data.per_day.map((day) => day.errors), label: 'Errors', color: '#dc2626' });
  if (data.total === 0) root.append(el('p', { class: 'empty' }, plural(0, 'memory', 'memories')));
}

function ranking(title: string, items: readonly WireCount[], name: string): HTMLElement {
  return el(
    'section',
    { class: `panel ranking ${name}` },
    el('h2', {}, title),
    items.length === 0
      ? el('p', { class: 'empty' }, 'none')
      : el(
          'ol',
          {},
          ...items.map((item) =>
            el(
              'li',
              {},
              el('span', { class: 'count' }, item.count.toLocaleString('en')),
              el('span', { class: 'name' }, item.name),
            ),
          ),
        ),
  );
}
