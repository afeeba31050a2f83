import { teamPathSchema } from '../../shared/ipc/teamServer'

/** A team server with the database of one payroll file on it. */
export interface TeamTarget {
  address: string
  userName: string
  password: string
  database: string
}

/** `https://couch.office.example/leave-desk-file-7` (the database name encoded: it may hold '/'). */
export function teamDatabaseUrl(target: Pick<TeamTarget, 'address' | 'database'>): URL {
  const base = target.address.replace(/\/+$/, '')
  return new URL(`${base}/${encodeURIComponent(target.database)}`)
}

/**
 * The address of one request of the replicator, or null when it would leave the database: a full
 * address, a dot segment or an encoded slash in the path, another origin after parsing. Checked again
 * after the URL parser has had its say, so no spelling gets past by being normalised later.
 */
export function teamRequestUrl(target: Pick<TeamTarget, 'address' | 'database'>, path: string): URL | null {
  if (!teamPathSchema.safeParse(path).success) return null
  const database = teamDatabaseUrl(target)
  const url = new URL(`${database.href}${path}`)
  if (url.origin !== database.origin) return null
  if (url.pathname !== database.pathname && !url.pathname.startsWith(`${database.pathname}/`)) return null
  return url
}

/** The credentials main adds to every request to the team server (never seen by the page). */
export function basicAuthorization(server: { userName: string; password: string }): string {
  return `Basic ${Buffer.from(`${server.userName}:${server.password}`, 'utf8').toString('base64')}`
}
