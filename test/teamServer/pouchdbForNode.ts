import { pouchdbUnderNode } from './startTeamServer'

/**
 * PouchDB for Node tests, with its plugins added ONCE per process: `plugin()` changes PouchDB itself, and
 * adding replication a second time throws ("Cannot redefine property: replicate"), so a second test
 * server, or the test's own handles beside it, must not add them again.
 */
export const NodePouch = pouchdbUnderNode()
