/** Paging links, in the body and as an RFC 8288 `Link` header. */
import type { PageMeta } from '../domain/paging.js';

export type PageLinks = Partial<Record<'self' | 'first' | 'prev' | 'next' | 'last', string>>;

export function pageLinks(baseUrl: string, query: URLSearchParams, meta: PageMeta): PageLinks {
  const at = (page: number) => {
    const params = new URLSearchParams(query);
    params.set('page', String(page));
    params.set('size', String(meta.size));
    return `${baseUrl}?${params.toString()}`;
  };
  const lastPage = Math.max(meta.totalPages - 1, 0);
  const links: PageLinks = { self: at(meta.number), first: at(0), last: at(lastPage) };
  if (meta.number > 0) links.prev = at(Math.min(meta.number - 1, lastPage));
  if (meta.number < lastPage) links.next = at(meta.number + 1);
  return links;
}

export function linkHeader(links: PageLinks): string {
  return Object.entries(links)
    .map(([rel, url]) => `<${url}>; rel="${rel}"`)
    .join(', ');
}
