// Previous/next links between pages of a long list; `[` and `]` follow them (rel=prev/next).
import type { PageInfo } from '../lib/ui/wire.js';
import { el } from './dom.js';

export interface PagerWords {
  readonly label: string;
  readonly prev: string;
  readonly next: string;
}

const TIMELINE_WORDS: PagerWords = { label: 'Pages', prev: '← Newer', next: 'Older →' };

export function pager(
  info: Pick<PageInfo, 'page' | 'pages'> & { readonly has_more?: boolean },
  link: (page: number) => string,
  words = TIMELINE_WORDS,
): HTMLElement {
  const hasNext = info.has_more ?? info.page < info.pages;
  const of = info.has_more === undefined ? ` of ${info.pages}` : '';
  return el(
    'nav',
    { class: 'pager', 'aria-label': words.label },
    info.page > 1
      ? el('a', { href: link(info.page - 1), rel: 'prev' }, words.prev)
      : el('span', { class: 'disabled' }, words.prev),
    el('span', { class: 'position' }, `Page ${info.page}${of}`),
    hasNext
      ? el('a', { href: link(info.page + 1), rel: 'next' }, words.next)
      : el('span', { class: 'disabled' }, words.next),
  );
}
