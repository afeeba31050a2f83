// The Node half of the build (tsconfig.node.json) resolves the PouchDB server parts here instead of
// @types/pouchdb-*, whose `/// <reference lib="dom" />` would break Node's Buffer typing in every file.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- an untyped CommonJS export, used only by the test server
declare const untyped: any
export default untyped
