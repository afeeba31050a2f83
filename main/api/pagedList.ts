import { fail, ok, type ApiResult } from '../../shared/apiError'

/** The API's largest page; fewer round trips count less against the daily quota. */
export const PAGE_SIZE = 100
/** 200 pages of 100: far beyond any payroll file, but a server that never sends a short page cannot keep us forever. */
export const MAX_PAGES = 200

/**
 * Walks every page of a paged list (1, 2, …) until a page comes back shorter than the page size, or
 * brings only items already seen (a server that ignores `Page` answers the same page each time: the
 * vendor documents `Page` for Contacts but not for every list). Any failing page fails the whole list:
 * a partial list would silently hide employees or files.
 */
export async function walkPages<T>(
  fetchPage: (page: number, pageSize: number) => Promise<ApiResult<T[]>>,
  listName: string,
  options: { keyOf?: (item: T) => unknown; pageSize?: number; maxPages?: number } = {}
): Promise<ApiResult<T[]>> {
  const { keyOf, pageSize = PAGE_SIZE, maxPages = MAX_PAGES } = options
  const items: T[] = []
  const seen = new Set<unknown>()
  for (let page = 1; page <= maxPages; page++) {
    const result = await fetchPage(page, pageSize)
    if (!result.ok) return result
    const fresh = keyOf ? result.value.filter((item) => !seen.has(keyOf(item))) : result.value
    for (const item of fresh) if (keyOf) seen.add(keyOf(item))
    items.push(...fresh)
    if (result.value.length < pageSize || fresh.length === 0) return ok(items)
  }
  return fail({
    code: 'server',
    message: `The ${listName} did not end after ${maxPages} pages of ${pageSize}; it was not loaded.`
  })
}
