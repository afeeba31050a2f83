import { createStore, type StoreApi } from 'zustand/vanilla'
import { readTeamDoc } from '../../../shared/team/readTeamDoc'
import { teamRequestDocSchema, type TeamRequestDoc } from '../../../shared/team/teamRequestDoc'
import { clearSetAside, recordSetAside } from './teamStatusStore'

/**
 * Every request in the team ledger this replica holds, validated, by id, for the checks and views.
 * Fed by the replica's changes (teamLedger.ts); a document that fails validation is set aside and kept
 * out. A request with conflicting revisions is kept with `conflicted` (the winning revision shown, the
 * others named), never merged.
 */
export interface LedgerRequest extends TeamRequestDoc {
  /** Other revisions the server holds for it: shown, never merged silently. */
  conflicted: boolean
}

export interface TeamRequestIndexState {
  byId: ReadonlyMap<string, LedgerRequest>
  /** Bumped on every change, so views can memoise on it. */
  version: number
}

export interface TeamRequestIndex {
  store: StoreApi<TeamRequestIndexState>
  /** One change of the replica: a document written, or deleted. */
  apply(change: { id: string; deleted?: boolean; doc?: unknown }): void
  /** The requests of one employee (colleagues' and this install's). */
  forEmployee(employeeId: number): LedgerRequest[]
}

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
  let bumpQueued = false
  const bump = () => {
    if (bumpQueued) return
    bumpQueued = true
    queueMicrotask(() => {
      bumpQueued = false
      store.setState((state) => ({ byId, version: state.version + 1 }))
    })
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
