/**
 * The team ledger's two handles for one payroll file (issue 29). One CouchDB database per payroll file:
 * `remote` is the team server's database (its HTTP goes through main, which owns the credentials, proxy
 * and trust), `local` is this computer's replica in IndexedDB. Nothing read from either is ever posted to
 * payroll by itself: the ledger informs and blocks, it never sends.
 *
 * Document ids (one database = one payroll file, so the file is not part of an id):
 * - `request:<installId>:<draftId>`  a request that left this Leave Desk (shared/team/teamRequestDoc.ts)
 * - `claim:<sameLeaveKey>`           the claim taken before an insert leaves (shared/team/teamClaimDoc.ts)
 * - `settings:<name>`                shared settings: work patterns, holiday region, daily quota
 * - `spend:<installId>:<yyyy-mm-dd>` what one install spent of the file's rate budget that day
 *
 * The handles are PouchDB databases, typed here by the few calls the ledger makes rather than by
 * `@types/pouchdb-*`: those types pull the DOM library into the Node half of the build (tsconfig.node.json),
 * where it breaks Node's Buffer typing. Keep PouchDB's own types inside modules, out of exported signatures.
 */
export interface TeamDoc {
  readonly _id: string
  readonly _rev?: string
  readonly _conflicts?: readonly string[]
  readonly [field: string]: unknown
}

export interface TeamDb {
  get(id: string, options?: { conflicts?: boolean; rev?: string }): Promise<TeamDoc>
  put(doc: TeamDoc): Promise<{ ok: boolean; id: string; rev: string }>
  remove(doc: { _id: string; _rev: string }): Promise<{ ok: boolean }>
  allDocs(options?: {
    include_docs?: boolean
    conflicts?: boolean
    startkey?: string
    endkey?: string
    keys?: string[]
    limit?: number
  }): Promise<{ rows: Array<{ id: string; value: { rev: string; deleted?: boolean }; doc?: TeamDoc }> }>
  bulkDocs(docs: TeamDoc[]): Promise<unknown[]>
  close(): Promise<void>
}

export interface TeamDatabases {
  readonly local: TeamDb
  readonly remote: TeamDb
  /** Who this install is, as colleagues see it ("Mia at FRONT-DESK-2"). */
  readonly me: { readonly installId: string; readonly clerkName: string }
}
