import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import expressPouchdb from 'express-pouchdb'
import { NodePouch } from './pouchdbForNode'

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

/** PouchDB's memory store is one per process, by database name: each server gets names of its own. */
let servers = 0

export async function startTeamServer(options: { port?: number } = {}): Promise<TeamServer> {
  servers += 1
  const Memory = NodePouch.defaults({ adapter: 'memory', prefix: `team-server-${servers}-` })
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
