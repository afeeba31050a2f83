import { startingWith } from './keyRanges'
import type { LeaveDeskDb } from './leaveDeskDb'
import type { CachedEmployee, CachedLeaveType, ReferenceKind } from './records'

/**
 * Where a sync record (syncHistory.ts) gets the employee's and the leave type's names: the reference
 * cache, read inside the transaction that writes the record.
 */
export interface HistoryNames {
  employee(fileId: number, id: number): Promise<CachedEmployee | undefined>
  leaveType(fileId: number, id: number): Promise<CachedLeaveType | undefined>
}

/** Each name read for its own record: one read per name. */
export function namesReadAlone(db: LeaveDeskDb): HistoryNames {
  return {
    employee: (fileId, id) => db.employees.get([fileId, id]),
    leaveType: (fileId, id) => db.leaveTypes.get([fileId, id])
  }
}

/**
 * Names a queue store remembers from one group transaction to the next, per file and list, with the
 * change tag (referenceCache.ts) of the list they were read from.
 */
export interface HistoryNamesMemo {
  /** Values, never promises: a read belongs to its transaction, and one that failed must not be remembered. */
  employees: Map<number, { tag: string; byId: Map<number, CachedEmployee | undefined> }>
  leaveTypes: Map<number, { tag: string; byId: Map<number, CachedLeaveType> }>
}

export function createHistoryNamesMemo(): HistoryNamesMemo {
  return { employees: new Map(), leaveTypes: new Map() }
}

/**
 * For the sync records of one group transaction (queueGroupWrite.ts): the same names, read fewer
 * times. A file's leave types are a short list, read once for all the group's records of that file;
 * each employee is read once however many of the group's records name them. Only for one transaction:
 * what it reads is what a read for each record would give, since the group writes no reference data.
 *
 * With `memo` (the transaction must include referenceMeta), names read by earlier groups are used again
 * while their list's change tag is the same: each group reads the file's tags once (one range read) and
 * a list replaced since (a new tag) is read afresh. The lists change only by a replace, which writes the
 * list and its new tag in one transaction, so an unchanged tag means unchanged names. A row written before
 * tags existed has none: that list is read afresh by every group.
 */
/** A list never fetched has no meta row yet; its first replace writes one with a real tag. */
const NEVER_FETCHED: [ReferenceKind, string][] = [
  ['employees', 'never-fetched'],
  ['leaveTypes', 'never-fetched']
]

export function namesReadOncePerGroup(db: LeaveDeskDb, memo?: HistoryNamesMemo): HistoryNames {
  const employees = new Map<string, Promise<CachedEmployee | undefined>>()
  const leaveTypesOfFile = new Map<number, Promise<Map<number, CachedLeaveType>>>()
  const tagsOfFile = new Map<number, Promise<Map<ReferenceKind, string | undefined>>>()
  const tags = (fileId: number) => {
    const known =
      tagsOfFile.get(fileId) ??
      db.referenceMeta
        .where(':id')
        .between(...startingWith(fileId), true, true)
        .toArray()
        .then((rows) => {
          const byKind = new Map<ReferenceKind, string | undefined>(NEVER_FETCHED)
          for (const row of rows) byKind.set(row.kind, row.changeTag)
          return byKind
        })
    tagsOfFile.set(fileId, known)
    return known
  }
  const readEmployee = (fileId: number, id: number) => db.employees.get([fileId, id])
  const readLeaveTypes = (fileId: number) =>
    db.leaveTypes
      .where('[fileId+id]')
      .between(...startingWith(fileId), true, true)
      .toArray()
      .then((types) => new Map(types.map((type) => [type.id, type])))

  // Chained with `.then`, not awaited: a group transaction reads them (queueGroupWrite.ts says why).
  function rememberedEmployee(fileId: number, id: number, remembered: HistoryNamesMemo): Promise<CachedEmployee | undefined> {
    return tags(fileId).then((byKind) => {
      const tag = byKind.get('employees')
      if (tag === undefined) return readEmployee(fileId, id)
      const list = remembered.employees.get(fileId)
      if (list?.tag === tag && list.byId.has(id)) return list.byId.get(id)
      return readEmployee(fileId, id).then((employee) => {
        const current = remembered.employees.get(fileId)
        if (current?.tag === tag) current.byId.set(id, employee)
        else remembered.employees.set(fileId, { tag, byId: new Map([[id, employee]]) })
        return employee
      })
    })
  }

  function rememberedLeaveTypes(fileId: number, remembered: HistoryNamesMemo): Promise<Map<number, CachedLeaveType>> {
    return tags(fileId).then((byKind) => {
      const tag = byKind.get('leaveTypes')
      if (tag === undefined) return readLeaveTypes(fileId)
      const list = remembered.leaveTypes.get(fileId)
      if (list?.tag === tag) return list.byId
      return readLeaveTypes(fileId).then((byId) => {
        remembered.leaveTypes.set(fileId, { tag, byId })
        return byId
      })
    })
  }

  return {
    employee(fileId, id) {
      const key = `${fileId}/${id}`
      const known = employees.get(key) ?? (memo ? rememberedEmployee(fileId, id, memo) : readEmployee(fileId, id))
      employees.set(key, known)
      return known
    },
    leaveType(fileId, id) {
      const known = leaveTypesOfFile.get(fileId) ?? (memo ? rememberedLeaveTypes(fileId, memo) : readLeaveTypes(fileId))
      leaveTypesOfFile.set(fileId, known)
      return known.then((types) => types.get(id))
    }
  }
}
