// State lives in the URL: every view is drawn from location (path + query), links are real
// addresses, and history entries make the back button work. Same-origin link clicks stay in the page.

export type Params = Record<string, string | number | null | undefined>;

/** `/path?a=1` from non-empty params, in the order given. */
export function href(path: string, params: Params = {}): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== null && value !== undefined && value !== '') query.set(name, String(value));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** The current query with some parameters changed (null removes one). */
export function withParams(changes: Params, path = location.pathname): string {
  const params: Params = Object.fromEntries(new URLSearchParams(location.search));
  return href(path, { ...params, ...changes });
}

let onChange: () => void = () => undefined;

/** Calls `render` now and on every navigation (links, back/forward). */
export function startRouter(render: () => void): void {
  onChange = render;
  addEventListener('popstate', render);
  document.addEventListener('click', (event) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const link = (event.target as Element | null)?.closest('a');
    if (!link || link.origin !== location.origin || link.target || link.hasAttribute('download')) return;
    event.preventDefault();
    navigate(`${link.pathname}${link.search}${link.hash}`);
  });
  render();
}

/** Goes to `url` in a new history entry and draws it. */
export function navigate(url: string): void {
  if (url === `${location.pathname}${location.search}${location.hash}`) return;
  history.pushState(null, '', url);
  onChange();
}

/** Records a change the view already drew (a session opened) as a history entry, without redrawing. */
export function remember(url: string): void {
  history.pushState(null, '', url);
}
