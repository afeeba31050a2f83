import type { DBCore, DBCoreTable, Middleware } from 'dexie'

/**
 * Builds each table's middleware stack once per connection instead of once per transaction. Dexie asks
 * for a table's stack every time a transaction first uses that table, and its built-in layers below
 * rebuild theirs on each ask (the virtual-index layer works out every compound index's prefixes
 * again). The layers keep no state of their own (each request carries its transaction), so one stack
 * per table serves every transaction. Outermost (highest level), so no layer below is asked twice.
 */
export const tableStacksOnce: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'TableStacksOnce',
  level: 100,
  create: (down) => {
    const tables = new Map<string, DBCoreTable>()
    return {
      ...down,
      table(name) {
        const built = tables.get(name) ?? down.table(name)
        tables.set(name, built)
        return built
      }
    }
  }
}
