import PouchDB from 'pouchdb-browser'
import type { PouchConstructor } from './openTeamLedger'

/** The app's replica: PouchDB in the page, over IndexedDB, with its http adapter and replication. */
export const appPouchDB = PouchDB as unknown as PouchConstructor
