/**
 * One payroll address, one spelling. Drafts databases, session files and "has the payroll changed?" are
 * all keyed by the address, so `API.saasu.com`, `https://api.saasu.com:443/`, `https://api.saasu.com./`,
 * `https://api.saasu.com/#` and ` https://api.saasu.com ` must be one key, or queued drafts seem to vanish
 * on a respelling. The WHATWG URL parser (the one main sends with, main/api/apiUrl.ts) already lower-cases
 * the scheme and host and drops the scheme's default port; on top of it: spaces around the text trimmed,
 * the host's trailing dot, an empty query or fragment, and trailing slashes dropped. The path is kept as
 * the parser spells it (a payroll may live below a path, and paths are case-sensitive).
 */
export function normalisedPayrollAddress(text: string): string | null {
  let url: URL
  try {
    url = new URL(text.trim())
  } catch {
    return null
  }
  const hostname = url.hostname.replace(/\.+$/, '')
  const host = url.port === '' ? hostname : `${hostname}:${url.port}`
  const path = url.pathname.replace(/\/+$/, '')
  return `${url.protocol}//${host}${path}`
}

/** The address as written, or its one spelling when it parses (for keys read back from older names). */
export function payrollAddressKey(text: string): string {
  return normalisedPayrollAddress(text) ?? text
}
