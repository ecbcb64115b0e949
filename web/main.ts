// The page: header (views, project filter), the current view drawn from the URL, keyboard shortcuts.
import 'uplot/dist/uPlot.min.css';
import './style.css';
import type { ProjectsResponse } from '../lib/ui/wire.js';
import { getJson } from './api.js';
import { el, replace } from './dom.js';
import { drawOverview } from './overview.js';
import { navigate, startRouter, withParams } from './router.js';
import { drawSearch } from './search.js';
import { drawTimeline } from './timeline.js';

export type View = (root: HTMLElement, params: URLSearchParams, signal: AbortSignal) => Promise<void>;

const VIEWS: Readonly<Record<string, { readonly title: string; readonly draw: View }>> = {
  '/': { title: 'Timeline', draw: drawTimeline },
  '/timeline': { title: 'Timeline', draw: drawTimeline },
  '/search': { title: 'Search', draw: drawSearch },
  '/overview': { title: 'Overview', draw: drawOverview },
};

const projectSelect = el(
  'select',
  { id: 'project', 'aria-label': 'Project' },
  el('option', { value: '' }, 'All projects'),
);
const nav = el(
  'nav',
  { 'aria-label': 'Views' },
  el('a', { href: '/timeline', 'data-view': '/timeline', 'aria-keyshortcuts': 't' }, 'Timeline'),
  el('a', { href: '/search', 'data-view': '/search', 'aria-keyshortcuts': 's /' }, 'Search'),
  el('a', { href: '/overview', 'data-view': '/overview', 'aria-keyshortcuts': 'o' }, 'Overview'),
);
const main = el('main', { id: 'view', tabindex: -1 });
document.body.append(
  el(
    'header',
    {},
    el('a', { class: 'brand', href: '/timeline' }, 'memory'),
    nav,
    el('label', { class: 'project' }, 'Project ', projectSelect),
  ),
  main,
  el(
    'footer',
    {},
    'Keys: ',
    el('kbd', {}, '/'),
    ' search · ',
    el('kbd', {}, 't'),
    ' timeline · ',
    el('kbd', {}, 'o'),
    ' overview · ',
    el('kbd', {}, 'j'),
    ' ',
    el('kbd', {}, 'k'),
    ' next/previous · ',
    el('kbd', {}, 'Enter'),
    ' open · ',
    el('kbd', {}, '['),
    ' ',
    el('kbd', {}, ']'),
    ' pages. Read-only; nothing here changes your memories.',
  ),
);

projectSelect.addEventListener('change', () => {
  const path = location.pathname === '/' ? '/timeline' : location.pathname;
  navigate(
    withParams({ project: projectSelect.value || null, page: null, session: null, memory: null, spage: null }, path),
  );
});

let current: AbortController | null = null;

async function render(): Promise<void> {
  current?.abort();
  const controller = (current = new AbortController());
  const path = Object.hasOwn(VIEWS, location.pathname) ? location.pathname : '/';
  const view = VIEWS[path] as (typeof VIEWS)[string];
  const params = new URLSearchParams(location.search);
  document.title = `${view.title} · memory`;
  for (const link of nav.querySelectorAll('a')) {
    const active = link.dataset['view'] === path || (path === '/' && link.dataset['view'] === '/timeline');
    if (active) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  syncProject(params.get('project') ?? '');
  const root = el('div', { class: 'view', 'aria-busy': 'true' });
  main.replaceChildren(root);
  try {
    await view.draw(root, params, controller.signal);
  } catch (error) {
    if (controller.signal.aborted) return;
    replace(
      root,
      el(
        'p',
        { class: 'failure', role: 'alert' },
        `Could not load this view: ${error instanceof Error ? error.message : String(error)}`,
      ),
    );
  }
  if (!controller.signal.aborted) {
    root.setAttribute('aria-busy', 'false');
    main.dataset['ready'] = path;
  }
}

/** The select shows the URL's project, even one not in the list (a shared link to a project since forgotten). */
function syncProject(project: string): void {
  if (project && ![...projectSelect.options].some((option) => option.value === project)) {
    projectSelect.append(el('option', { value: project }, project));
  }
  projectSelect.value = project;
}

async function loadProjects(): Promise<void> {
  const { projects } = await getJson<ProjectsResponse>('/api/projects', {}, new AbortController().signal);
  const chosen = projectSelect.value;
  replace(
    projectSelect,
    el('option', { value: '' }, 'All projects'),
    ...projects.map((item) =>
      el('option', { value: item.project }, `${item.project} (${item.memories.toLocaleString('en')})`),
    ),
  );
  syncProject(chosen);
}

function onKey(event: KeyboardEvent): void {
  if (event.metaKey || event.ctrlKey || event.altKey) return;
  const target = event.target as HTMLElement | null;
  if (target?.closest('input, select, textarea')) {
    if (event.key === 'Escape') target.blur();
    return;
  }
  const go = (path: string): void =>
    navigate(withParams({ page: null, session: null, memory: null, spage: null }, path));
  switch (event.key) {
    case '/':
    case 's':
      event.preventDefault();
      if (location.pathname !== '/search') go('/search');
      document.querySelector<HTMLInputElement>('input[name="q"]')?.focus();
      break;
    case 't':
      go('/timeline');
      break;
    case 'o':
      go('/overview');
      break;
    case 'j':
      moveFocus(1);
      break;
    case 'k':
      moveFocus(-1);
      break;
    case '[':
      document.querySelector<HTMLAnchorElement>('a[rel="prev"]')?.click();
      break;
    case ']':
      document.querySelector<HTMLAnchorElement>('a[rel="next"]')?.click();
      break;
    default:
      return;
  }
}

/** j/k walk the list items of the view (sessions, search hits) in document order. */
function moveFocus(step: number): void {
  const items = [...document.querySelectorAll<HTMLElement>('[data-item]')];
  if (items.length === 0) return;
  const at = items.indexOf(document.activeElement as HTMLElement);
  const next =
    items[at === -1 ? (step > 0 ? 0 : items.length - 1) : Math.min(items.length - 1, Math.max(0, at + step))];
  next?.focus();
  next?.scrollIntoView({ block: 'nearest' });
}

document.addEventListener('keydown', onKey);
startRouter(() => void render());
void loadProjects().catch(() => undefined);
