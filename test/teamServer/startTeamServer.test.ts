import { afterEach, describe, expect, it } from 'vitest'
import { startTeamServer, type TeamServer } from './startTeamServer'

let server: TeamServer | undefined
afterEach(async () => {
  await server?.stop()
  server = undefined
})

async function put(url: string, body: unknown): Promise<number> {
  const answer = await fetch(url, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  await answer.arrayBuffer()
  return answer.status
}

describe('the CouchDB-protocol test server', () => {
  it('refuses a second document with the same id (409): what makes two clerks\' claims collide', async () => {
    server = await startTeamServer()
    expect(await put(`${server.url}/payroll-file`, {})).toBe(201)
    expect(await put(`${server.url}/payroll-file/claim:olivia`, { by: 'A' })).toBe(201)
    expect(await put(`${server.url}/payroll-file/claim:olivia`, { by: 'B' })).toBe(409)
  })
})

describe('two test servers in one process', () => {
  it('start empty each: one server’s documents are not in the next (PouchDB’s memory store is per process)', async () => {
    const first = await startTeamServer()
    expect(await put(`${first.url}/payroll-file`, {})).toBe(201)
    expect(await put(`${first.url}/payroll-file/claim:olivia`, { by: 'A' })).toBe(201)
    await first.stop()
    server = await startTeamServer()
    expect(await put(`${server.url}/payroll-file`, {})).toBe(201)
    expect(await put(`${server.url}/payroll-file/claim:olivia`, { by: 'B' })).toBe(201)
  })
})
