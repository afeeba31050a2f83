/**
 * Where the window may go. It never navigates away from the app, and never opens a second window; a
 * link to one of a few known https sites opens in the clerk's browser instead. URLs are parsed and their
 * origins compared exactly, so `https://help.example.com.evil.test` is not `https://help.example.com`.
 */

/** Sites a link in the app may open in the system browser. https only, exact origins. */
export const EXTERNAL_LINK_ORIGINS: readonly string[] = ['https://help.saasu.com', 'https://www.saasu.com']

export function isAllowedExternalUrl(value: string, allowedOrigins: readonly string[] = EXTERNAL_LINK_ORIGINS): boolean {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return false
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false
  return allowedOrigins.includes(url.origin)
}

export type NavigationDecision = { action: 'stay' } | { action: 'deny'; openExternally: boolean }

/**
 * A navigation or window.open the page asked for. `isAppPage` says whether the target is the app itself
 * (a reload); everything else is denied, and opened in the browser only when allowlisted.
 */
export function decideNavigation(
  target: string,
  isAppPage: (url: string) => boolean,
  allowedOrigins: readonly string[] = EXTERNAL_LINK_ORIGINS
): NavigationDecision {
  if (isAppPage(target)) return { action: 'stay' }
  return { action: 'deny', openExternally: isAllowedExternalUrl(target, allowedOrigins) }
}
