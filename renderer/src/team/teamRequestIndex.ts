import { createStore, type StoreApi } from 'zustand/vanilla'
import { readTeamDoc } from '../../../shared/team/readTeamDoc'
import { teamRequestDocSchema, type TeamRequestDoc } from '../../../shared/team/teamRequestDoc'
import { clearSetAside, recordSetAside } from './teamStatusStore'

/**
 * Every request in the team ledger this replica holds, validated, by id, for the checks and views.
 * Fed by the replica's changes (openTeamLedger.ts); a document that fails validation is set aside and kept
 * out. A request with conflicting revisions is kept with `conflicted` (the winning revision shown, the
 * others named), never merged.
 */
export interface LedgerRequest extends TeamRequestDoc {
  /** Other revisions the server holds for it: shown, never merged silently. */
  conflicted: boolean
}

export interface TeamRequestIndexState {
  byId: ReadonlyMap<string, LedgerRequest>
  /** Moves after changes (at most every VERSION_EVERY_MS during a burst), so views can memoise on it. */
  version: number
}

export interface TeamRequestIndex {
  store: StoreApi<TeamRequestIndexState>
  /** One change of the replica: a document written, or deleted. */
  apply(change: { id: string; deleted?: boolean; doc?: unknown }): void
  /** The requests of one employee (colleagues' and this install's). */
  forEmployee(employeeId: number): LedgerRequest[]
}

/** At most this often the index's version moves while changes keep coming. */
export const VERSION_EVERY_MS = 250

export function createTeamRequestIndex(): TeamRequestIndex {
  const byId = new Map<string, LedgerRequest>()
  // By employee too: every visible list row asks for its employee's requests on each change.
  const byEmployee = new Map<number, Map<string, LedgerRequest>>()
  const remove = (id: string): boolean => {
    const old = byId.get(id)
    if (!old) return false
    byId.delete(id)
    byEmployee.get(old.employeeId)?.delete(id)
    return true
  }
  const add = (request: LedgerRequest) => {
    remove(request._id)
    byId.set(request._id, request)
    const group = byEmployee.get(request.employeeId) ?? new Map<string, LedgerRequest>()
    group.set(request._id, request)
    byEmployee.set(request.employeeId, group)
  }
  const store = createStore<TeamRequestIndexState>(() => ({ byId, version: 0 }))
  // Views re-read on each version (the calendar walks every request): a clerk joining an office takes in
  // 100,000 requests one change at a time, so during such a burst the version moves at most every
  // VERSION_EVERY_MS; a lone change after a quiet spell (a colleague just sent) moves it at once.
  let bumpTimer: ReturnType<typeof setTimeout> | null = null
  let lastBump = Number.NEGATIVE_INFINITY
  const bump = () => {
    if (bumpTimer !== null) return
    bumpTimer = setTimeout(() => {
      bumpTimer = null
      lastBump = Date.now()
      store.setState((state) => ({ byId, version: state.version + 1 }))
    }, Math.max(0, lastBump + VERSION_EVERY_MS - Date.now()))
  }
  return {
    store,
    apply(change) {
      if (!change.id.startsWith('request:')) return
      if (change.deleted) {
        if (remove(change.id)) bump()
        clearSetAside(change.id)
        return
      }
      const read = readTeamDoc(change.doc, teamRequestDocSchema)
      if (!read.ok) {
        recordSetAside({ id: read.id, reason: read.reason })
        if (remove(change.id)) bump()
        return
      }
      clearSetAside(change.id)
      add({ ...read.doc, conflicted: (read.doc._conflicts?.length ?? 0) > 0 })
      bump()
    },
    forEmployee(employeeId) {
      return [...(byEmployee.get(employeeId)?.values() ?? [])]
    }
  }
}
