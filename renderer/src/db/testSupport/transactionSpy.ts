import type { DBCore, DBCoreTable, Middleware } from 'dexie'

/**
 * Test support: a DBCore middleware that notes the IndexedDB transaction of every read and write, so a
 * test can tell how many transactions one call used. Add it with `db.use` before the database opens.
 */
export function transactionSpy(): { middleware: Middleware<DBCore>; transactionsDuring(work: () => Promise<unknown>): Promise<number> } {
  const seen = new Set<unknown>()
  const noted = <R extends { trans: unknown }>(req: R): R => {
    seen.add(req.trans)
    return req
  }
  const spied = (table: DBCoreTable): DBCoreTable => ({
    ...table,
    get: (req) => table.get(noted(req)),
    getMany: (req) => table.getMany(noted(req)),
    query: (req) => table.query(noted(req)),
    count: (req) => table.count(noted(req)),
    openCursor: (req) => table.openCursor(noted(req)),
    mutate: (req) => table.mutate(noted(req))
  })
  return {
    middleware: { stack: 'dbcore', name: 'TransactionSpy', create: (down) => ({ ...down, table: (name) => spied(down.table(name)) }) },
    async transactionsDuring(work) {
      seen.clear()
      await work()
      return seen.size
    }
  }
}
