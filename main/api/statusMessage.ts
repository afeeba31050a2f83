/**
 * What to tell the clerk when the server gave a status and nothing readable with it. Plain words, no
 * jargon beyond the status number, which support staff ask for.
 */
const MESSAGES: Record<number, string> = {
  400: 'The payroll service refused the request as invalid.',
  401: 'The payroll service did not accept the sign-in.',
  403: 'This account may not use this file.',
  404: 'The payroll service could not find what was asked for.',
  408: 'The payroll service stopped waiting for the request.',
  409: 'The record was changed by someone else in the meantime.',
  413: 'The request is too large for the payroll service.',
  422: 'The payroll service refused the request as invalid.',
  429: 'Too many requests: the payroll service asked us to slow down.',
  500: 'The payroll service had an internal error.',
  502: 'The payroll service could not be reached through its gateway.',
  503: 'The payroll service is temporarily unavailable.',
  504: 'The payroll service took too long to answer its gateway.'
}

export function statusMessage(status: number): string {
  const known = MESSAGES[status]
  if (known) return `${known} (HTTP ${status})`
  if (status >= 500) return `The payroll service had a problem. (HTTP ${status})`
  if (status >= 400) return `The payroll service refused the request. (HTTP ${status})`
  return `The payroll service gave an unexpected answer. (HTTP ${status})`
}
