import PouchDB from 'pouchdb-browser'
import indexeddbAdapter from 'pouchdb-adapter-indexeddb'
import type { PouchConstructor } from './openTeamLedger'

PouchDB.plugin(indexeddbAdapter)

/** The app's replica: PouchDB in the page, over IndexedDB, with its http adapter and replication. */
export const appPouchDB = PouchDB.defaults({ adapter: 'indexeddb' }) as unknown as PouchConstructor
