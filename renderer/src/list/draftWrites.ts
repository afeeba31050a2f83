import { cmp, type IntervalTree, type ObservabilitySet } from 'dexie'

/**
 * What one committed transaction wrote that the drafts list may care about, read from Dexie's own
 * record of it (the `storagemutated` event's parts, as live queries use them): the ids of the drafts
 * written, or 'all' when that cannot be narrowed down to single drafts (a bulk or range write, a table
 * cleared) or when a cached employee or leave type changed while a search is on.
 */
export function draftsWritten(parts: ObservabilitySet, dbName: string, searching: boolean): string[] | 'all' {
  const prefix = `idb://${dbName}/`
  const ids: string[] = []
  for (const [part, ranges] of Object.entries(parts)) {
    if (!part.startsWith(prefix)) continue
    const [table, index] = part.slice(prefix.length).split('/')
    // A search matches names of employees and leave types: a new copy of either can change what it finds.
    if ((table === 'employees' || table === 'leaveTypes') && searching) return 'all'
    // The primary-key part names every draft written (or a range, for writes Dexie does not itemize).
    if (table !== 'drafts' || index !== '') continue
    const keys = pointKeys(ranges)
    if (keys === null) return 'all'
    ids.push(...keys)
  }
  return ids
}

/** The single keys a range set is made of, or null when it holds a true range. */
function pointKeys(tree: IntervalTree): string[] | null {
  const keys: string[] = []
  const stack: IntervalTree[] = [tree]
  while (stack.length > 0) {
    const node = stack.pop()
    if (!node || !('from' in node)) continue
    if (typeof node.from !== 'string' || cmp(node.from, node.to) !== 0) return null
    keys.push(node.from)
    if (node.l) stack.push(node.l)
    if (node.r) stack.push(node.r)
  }
  return keys
}
