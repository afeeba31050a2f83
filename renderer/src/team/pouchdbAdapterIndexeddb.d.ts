// pouchdb-adapter-indexeddb ships no types (nor does DefinitelyTyped): a PouchDB plugin, used only in appPouchDB.ts.
declare module 'pouchdb-adapter-indexeddb' {
  const plugin: PouchDB.Plugin
  export default plugin
}
