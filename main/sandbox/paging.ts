import type { FastifyRequest } from 'fastify'
import { wholeNumberParam } from './queryValues'
import { queryOf } from './requestFile'

/**
 * Paged lists as the vendor documents them: `Page` (from 1) and `PageSize` (at most 100, default 25), and
 * `_links` with `rel` `next` / `previous` (the vendor's Link: rel, href, method, title). A link keeps the
 * request's other query parameters (its filters), so a client following `next` walks one filtered list
 * and sees each item once. No `next` on the last page, so such a client stops.
 */
export const MAX_PAGE_SIZE = 100
export const DEFAULT_PAGE_SIZE = 25

export interface Link {
  rel: 'next' | 'previous'
  href: string
  method: 'GET'
  title: null
}

export type PageRequest = { ok: true; page: number; size: number } | { ok: false; field: string; message: string }

export function pageRequestOf(request: FastifyRequest): PageRequest {
  const query = queryOf(request)
  const page = wholeNumberParam(query.page, 'Page', { fallback: 1, min: 1, max: 1_000_000 })
  if (!page.ok) return page
  const size = wholeNumberParam(query.pagesize, 'PageSize', { fallback: DEFAULT_PAGE_SIZE, min: 1, max: MAX_PAGE_SIZE })
  if (!size.ok) return size
  return { ok: true, page: page.value, size: size.value }
}

export function pageOf<T>(request: FastifyRequest, items: readonly T[], page: number, size: number): { items: T[]; links: Link[] } {
  const start = (page - 1) * size
  const links: Link[] = []
  if (page > 1 && items.length > 0) links.push(linkTo(request, 'previous', Math.min(page - 1, Math.ceil(items.length / size)), size))
  if (start + size < items.length) links.push(linkTo(request, 'next', page + 1, size))
  return { items: items.slice(start, start + size), links }
}

/**
 * The caller's own URL with the page changed: every parameter keeps the caller's spelling (`page`,
 * `pagesize` stay lower-case; a client that looks for its own names finds them) and order, and no
 * credential is ever copied into a body (`wsAccessKey`, or anything else named like a key or token).
 */
function linkTo(request: FastifyRequest, rel: Link['rel'], page: number, size: number): Link {
  const url = new URL(request.url, `http://${request.headers.host ?? '127.0.0.1'}`)
  const kept = new URLSearchParams()
  let pageName = 'Page'
  let sizeName = 'PageSize'
  for (const [name, value] of url.searchParams) {
    const lower = name.toLowerCase()
    if (isCredential(lower)) continue
    if (lower === 'page') pageName = name
    else if (lower === 'pagesize') sizeName = name
    else kept.append(name, value)
  }
  kept.append(pageName, String(page))
  kept.append(sizeName, String(size))
  url.search = kept.toString()
  return { rel, href: url.toString(), method: 'GET', title: null }
}

function isCredential(lowerName: string): boolean {
  return lowerName.includes('key') || lowerName.includes('token') || lowerName === 'password'
}
