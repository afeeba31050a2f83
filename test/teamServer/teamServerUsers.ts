import type { TeamServer } from './startTeamServer'

/**
 * Sets the test server up as an office would: a user per clerk, the payroll file's database, and its
 * members. Sent without credentials (the test server runs as "admin party", as a fresh CouchDB does).
 */
export async function addTeamUser(server: TeamServer, name: string, password: string): Promise<void> {
  await expectOk(await fetch(`${server.url}/_users/org.couchdb.user:${encodeURIComponent(name)}`, jsonPut({ name, password, roles: [], type: 'user' })))
}

export async function createTeamDatabase(server: TeamServer, database: string, members?: string[]): Promise<void> {
  await expectOk(await fetch(`${server.url}/${encodeURIComponent(database)}`, { method: 'PUT' }))
  if (members) await expectOk(await fetch(`${server.url}/${encodeURIComponent(database)}/_security`, jsonPut({ members: { names: members, roles: [] } })))
}

function jsonPut(body: unknown): RequestInit {
  return { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }
}

async function expectOk(answer: Response): Promise<void> {
  const text = await answer.text()
  if (!answer.ok) throw new Error(`The test server refused the set-up (${answer.status}): ${text}`)
}

/** The office's set-up: one user per clerk (password `<clerk>-password`), the file's database with them as members. */
export async function setUpTeamOffice(server: TeamServer, database: string, clerks: readonly string[]): Promise<void> {
  for (const clerk of clerks) await addTeamUser(server, clerk, teamPasswordOf(clerk))
  await createTeamDatabase(server, database, [...clerks])
}

export const teamPasswordOf = (clerk: string) => `${clerk}-password`
