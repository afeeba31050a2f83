import PouchDB from 'pouchdb-core'
import memoryAdapter from 'pouchdb-adapter-memory'
import httpAdapter from 'pouchdb-adapter-http'
import replication from 'pouchdb-replication'
import mapReduce from 'pouchdb-mapreduce'

/**
 * PouchDB for Node tests, with its plugins added ONCE per process: `plugin()` changes PouchDB itself, and
 * adding replication a second time throws ("Cannot redefine property: replicate"), so a second test
 * server, or the test's own handles beside it, must not add them again.
 */
export const NodePouch = PouchDB.plugin(memoryAdapter).plugin(httpAdapter).plugin(replication).plugin(mapReduce)
