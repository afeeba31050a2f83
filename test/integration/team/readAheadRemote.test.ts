import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readAheadOfReplication } from '../../../renderer/src/team/readAheadRemote'
import { NodePouch } from '../../teamServer/pouchdbForNode'
import { startTeamServer, type TeamServer } from '../../teamServer/startTeamServer'
import { createTeamDatabase } from '../../teamServer/teamServerUsers'

/**
 * The remote handle fetching one batch ahead of the replicator (readAheadRemote.ts): a joining replica gets
 * exactly what the server holds (a conflicting request's both versions included), the server is asked for
 * each document once, and the next batch is on its way while the replica writes this one. A replica that
 * already holds what the server has makes the server fetch nothing. Against the CouchDB-protocol test
 * server over HTTP, as the app's remote handle is (a local source gives the replicator its changes in
 * other batches).
 */
type Db = {
  bulkDocs(docs: unknown[], options?: { new_edits: boolean }): Promise<unknown>
  bulkGet(options: { docs: Array<{ id: string; rev: string }> }): Promise<unknown>
  changes(options: Record<string, unknown>): PromiseLike<unknown>
  allDocs(options: Record<string, unknown>): Promise<{ rows: Array<{ id: string; value: { rev: string }; doc?: { _conflicts?: string[] } }> }>
  replicate: { from(remote: unknown, options: Record<string, unknown>): PromiseLike<{ ok: boolean; docs_written: number }> }
  close(): Promise<void>
}
const open = (name: string) => new NodePouch(name, { adapter: 'memory' }) as unknown as Db
const BATCH = 100

let teamServer: TeamServer
beforeAll(async () => {
  teamServer = await startTeamServer()
})
afterAll(async () => {
  await teamServer.stop()
})

const openRemote = (database: string) => new NodePouch(`${teamServer.url}/${database}`, { adapter: 'http' }) as unknown as Db

async function officeServer(name: string, events: string[]) {
  await createTeamDatabase(teamServer, name)
  const server = openRemote(name)
  await server.bulkDocs(Array.from({ length: 450 }, (_, n) => ({ _id: `request:install-a:draft-${String(n).padStart(4, '0')}`, type: 'request', n })))
  await server.bulkDocs(
    [
      { _id: 'request:install-a:twice', _rev: '1-aaa', leaveStatus: 'Pending' },
      { _id: 'request:install-a:twice', _rev: '1-bbb', leaveStatus: 'Approved' }
    ],
    { new_edits: false }
  )
  // What reaches the server, as main would pass it on: one entry per request.
  const bulkGet = server.bulkGet.bind(server)
  let fetches = 0
  server.bulkGet = (options) => {
    fetches += 1
    events.push(`fetch ${fetches}`)
    return bulkGet(options)
  }
  // The server's changes feed, answer by answer (the replicator asks for the next as soon as one is in).
  const changes = server.changes.bind(server)
  let answers = 0
  const waiting: Array<{ count: number; resolve: () => void }> = []
  server.changes = (options) => {
    const feed = changes(options)
    void Promise.resolve(feed).then(() => {
      answers += 1
      for (const wait of waiting.filter((wait) => answers >= wait.count)) wait.resolve()
    })
    return feed
  }
  const changesAnswered = (count: number) => new Promise<void>((resolve) => (answers >= count ? resolve() : waiting.push({ count, resolve })))
  readAheadOfReplication(server)
  return { server, fetches: () => fetches, changesAnswered }
}

/**
 * Each write of documents starts once the server's changes feed has given the next batch, as it does when
 * the server answers faster than the replica writes (in this one process the server would often be later).
 */
function loggedWrites(replica: Db, events: string[], changesAnswered: (count: number) => Promise<void>): void {
  const bulkDocs = replica.bulkDocs.bind(replica)
  let writes = 0
  replica.bulkDocs = async (docs, options) => {
    const n = ++writes
    await changesAnswered(n + 1)
    events.push(`write ${n} starts`)
    try {
      return await bulkDocs(docs, options)
    } finally {
      events.push(`write ${n} ends`)
    }
  }
}

const contents = async (db: Db) => (await db.allDocs({ conflicts: true, include_docs: true })).rows.map((row) => ({ id: row.id, rev: row.value.rev, conflicts: row.doc?._conflicts ?? [] }))

describe('the remote handle reading ahead of the replicator', () => {
  it('gives a joining replica all the server holds, each document fetched once, the next batch while this one is written', async () => {
    const name = `read-ahead-${Date.now()}`
    const events: string[] = []
    const { server, fetches, changesAnswered } = await officeServer(name, events)
    const replica = open(`${name}-replica`)
    loggedWrites(replica, events, changesAnswered)

    const result = await replica.replicate.from(server, { batch_size: BATCH })

    expect(result).toMatchObject({ ok: true, docs_written: 452 })
    expect(await contents(replica)).toEqual(await contents(server))
    expect((await contents(replica)).find((row) => row.id === 'request:install-a:twice')?.conflicts).toHaveLength(1)
    // 451 documents in batches of 100: five batches, each asked of the server once.
    expect(fetches()).toBe(5)
    // Each next batch's documents were asked for while the replica was writing the one before.
    for (const batch of [2, 3, 4, 5]) expect(events.indexOf(`fetch ${batch}`)).toBeLessThan(events.indexOf(`write ${batch - 1} ends`))
    await replica.close()
    await server.close()
  })

  it('fetches nothing ahead for a replica that already holds what the server has', async () => {
    const name = `read-ahead-held-${Date.now()}`
    const events: string[] = []
    const { server, fetches } = await officeServer(name, events)
    const replica = open(`${name}-replica`)
    await replica.replicate.from(openRemote(name), { batch_size: BATCH })

    const result = await replica.replicate.from(server, { batch_size: BATCH })

    expect(result).toMatchObject({ ok: true, docs_written: 0 })
    expect(fetches()).toBe(0)
    expect(await contents(replica)).toEqual(await contents(server))
    await replica.close()
    await server.close()
  })
})
