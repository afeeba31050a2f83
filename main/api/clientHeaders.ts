import { API_VERSION } from '../../shared/apiVersion'

/**
 * Headers on every request Leave Desk sends to payroll: API calls, the token endpoint, the connectivity
 * probe and Test connection. The vendor's Versioning help page asks clients to name the API version they
 * were written against (`X-Api-Version: 1.0`), so a later version cannot change what this client reads
 * or sends; the token endpoint is on the same API and gets it too (an unknown header is ignored there).
 */
export const CLIENT_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'user-agent': 'LeaveDesk',
  'x-api-version': API_VERSION
})
