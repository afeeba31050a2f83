// The Node half of the build (tsconfig.node.json) resolves the PouchDB server parts here instead of
// @types/pouchdb-*, whose `/// <reference lib="dom" />` would break Node's Buffer typing in every file.
declare const untyped: any
export default untyped
