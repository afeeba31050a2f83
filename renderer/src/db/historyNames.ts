import { startingWith } from './keyRanges'
import type { LeaveDeskDb } from './leaveDeskDb'
import type { CachedEmployee, CachedLeaveType } from './records'

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
 * For the sync records of one group transaction (queueGroupWrite.ts): the same names, read fewer
 * times. A file's leave types are a short list, read once for all the group's records of that file;
 * each employee is read once however many of the group's records name them. Only for one transaction:
 * what it reads is what a read for each record would give, since the group writes no reference data.
 */
export function namesReadOncePerGroup(db: LeaveDeskDb): HistoryNames {
  const employees = new Map<string, Promise<CachedEmployee | undefined>>()
  const leaveTypesOfFile = new Map<number, Promise<Map<number, CachedLeaveType>>>()
  return {
    employee(fileId, id) {
      const key = `${fileId}/${id}`
      const known = employees.get(key) ?? db.employees.get([fileId, id])
      employees.set(key, known)
      return known
    },
    leaveType(fileId, id) {
      const known =
        leaveTypesOfFile.get(fileId) ??
        db.leaveTypes
          .where('[fileId+id]')
          .between(...startingWith(fileId), true, true)
          .toArray()
          .then((types) => new Map(types.map((type) => [type.id, type])))
      leaveTypesOfFile.set(fileId, known)
      return known.then((types) => types.get(id))
    }
  }
}
