import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import PouchDB from 'pouchdb-core'
import memoryAdapter from 'pouchdb-adapter-memory'
import httpAdapter from 'pouchdb-adapter-http'
import replication from 'pouchdb-replication'
import mapReduce from 'pouchdb-mapreduce'
import expressPouchdb from 'express-pouchdb'

/**
 * A real CouchDB-protocol server on 127.0.0.1 for tests and the bench: express-pouchdb 4.2 over
 * pouchdb-core 9 with the in-memory store (Apache CouchDB itself cannot be installed on these machines,
 * and leveldown's native build is skipped by npm here). Each server has its own memory: stopping it loses
 * its data, which is what the "team server lost its data" tests want.
 */
export interface TeamServer {
  /** e.g. http://127.0.0.1:41234 (no trailing slash) */
  readonly url: string
  readonly port: number
  stop(): Promise<void>
}

export async function startTeamServer(options: { port?: number } = {}): Promise<TeamServer> {
  const Memory = PouchDB.plugin(memoryAdapter).plugin(httpAdapter).plugin(replication).plugin(mapReduce).defaults({
    adapter: 'memory',
  })
  const app = expressPouchdb(Memory, { mode: 'fullCouchDB', inMemoryConfig: true, logPath: '/dev/null' })
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(options.port ?? 0, '127.0.0.1', () => resolve(listening))
  })
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.()
        server.close(() => resolve())
      }),
  }
}
