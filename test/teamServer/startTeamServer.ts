import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import { createRequire } from 'node:module'
import path from 'node:path'
import type PouchDBType from 'pouchdb-core'
import type ExpressPouchdbType from 'express-pouchdb'

/**
 * These packages are CommonJS (`module.exports = …`) and are loaded with `require`: Playwright's loader
 * hands an empty namespace for their default import, vitest and tsx the export itself.
 */
const load = createRequire(path.join(process.cwd(), 'package.json'))
const PouchDB = load('pouchdb-core') as typeof PouchDBType
const memoryAdapter: unknown = load('pouchdb-adapter-memory')
const httpAdapter: unknown = load('pouchdb-adapter-http')
const replication: unknown = load('pouchdb-replication')
const mapReduce: unknown = load('pouchdb-mapreduce')
const expressPouchdb = load('express-pouchdb') as typeof ExpressPouchdbType

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
  /** Where its data lives in this process's memory: pass it to a restart that keeps the data. */
  readonly store: string
  stop(): Promise<void>
}

/** PouchDB's plugins register globally and only once per process: a second server reuses them. */
let withPlugins: typeof PouchDBType | undefined

let servers = 0

/**
 * `store`: another (stopped) server's store, to restart with its data; by default a new, empty store
 * (the memory adapter keeps databases by name for the whole process, so each server gets its own prefix).
 */
/**
 * PouchDB for a replica under Node: the same engine and replication as the app's pouchdb-browser, over
 * the memory store (fake-indexeddb aborts PouchDB's IndexedDB adapter at its first transaction).
 */
export function pouchdbUnderNode(): typeof PouchDBType {
  withPlugins ??= PouchDB.plugin(memoryAdapter).plugin(httpAdapter).plugin(replication).plugin(mapReduce)
  return withPlugins
}

export async function startTeamServer(options: { port?: number; store?: string } = {}): Promise<TeamServer> {
  withPlugins = pouchdbUnderNode()
  servers += 1
  const store = options.store ?? `team-server-${process.pid}-${servers}-`
  const Memory = withPlugins.defaults({
    adapter: 'memory',
    prefix: store,
  })
  const app = expressPouchdb(Memory, { mode: 'fullCouchDB', inMemoryConfig: true, logPath: '/dev/null' })
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(options.port ?? 0, '127.0.0.1', () => resolve(listening))
  })
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    store,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.()
        server.close(() => resolve())
      }),
  }
}
