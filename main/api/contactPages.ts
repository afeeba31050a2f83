import { fail, ok, type ApiResult } from '../../shared/apiError'
import type { Contact } from '../../shared/apiSchemas'

/** The API's largest page; fewer round trips count less against the daily quota. */
export const CONTACT_PAGE_SIZE = 100
/** 200 pages of 100: far beyond any payroll file, but a server that never sends a short page cannot keep us forever. */
export const MAX_CONTACT_PAGES = 200

/**
 * Walks every page of a paged list (1, 2, …) until a page comes back shorter than the page size. Any
 * failing page fails the whole list: a partial list would silently hide employees or files.
 */
export async function walkPages<T>(
  fetchPage: (page: number, pageSize: number) => Promise<ApiResult<T[]>>,
  listName: string,
  pageSize = CONTACT_PAGE_SIZE,
  maxPages = MAX_CONTACT_PAGES
): Promise<ApiResult<T[]>> {
  const items: T[] = []
  for (let page = 1; page <= maxPages; page++) {
    const result = await fetchPage(page, pageSize)
    if (!result.ok) return result
    items.push(...result.value)
    if (result.value.length < pageSize) return ok(items)
  }
  return fail({
    code: 'server',
    message: `The ${listName} did not end after ${maxPages} pages of ${pageSize}; it was not loaded.`
  })
}

/** Every page of `GET /Contacts`. */
export function walkContactPages(
  fetchPage: (page: number, pageSize: number) => Promise<ApiResult<Contact[]>>,
  pageSize = CONTACT_PAGE_SIZE,
  maxPages = MAX_CONTACT_PAGES
): Promise<ApiResult<Contact[]>> {
  return walkPages(fetchPage, 'contact list', pageSize, maxPages)
}
