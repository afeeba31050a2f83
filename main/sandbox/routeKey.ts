/**
 * Routes are named as 'METHOD /path' and compared case-insensitively, with `{id}` and `:id` parameters
 * treated alike, so tests can write 'GET /Payroll/LeaveRequest/{id}' or 'get /payroll/leaverequest/:id'.
 */
export function routeKeyOf(route: string): string {
  const [method = '', ...rest] = route.trim().split(/\s+/)
  const path = rest.join('').replace(/\{(\w+)\}/g, ':$1').replace(/\/+$/, '')
  return `${method.toLowerCase()} ${path.toLowerCase()}`
}
