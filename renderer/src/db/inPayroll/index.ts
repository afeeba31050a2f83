import type { LeaveRequestRecord, LeaveStatus } from '../../../../shared/leaveRequestSchema'
import type { KeepMineAnswers } from '../../drafts/resolveConflict'
import type { DraftCheck } from '../draftQueueing'
import type { LeaveDeskDb } from '../leaveDeskDb'
import type { EpochMs } from '../records'
import type { RepositoryDeps } from '../repositoryDeps'
import { keepMine, usePayroll } from './inPayrollChoices'
import { decide, startEdit } from './inPayrollEditing'
import { applyRefresh } from './inPayrollRefresh'

export type { RefreshResult } from './inPayrollRefresh'

/** Requests already in payroll (docs/architecture.md "Requests already in payroll"), bound to one database. */
export function createInPayrollOperations(db: LeaveDeskDb, deps: RepositoryDeps) {
  return {
    startEdit: (id: string) => startEdit(db, deps, id),
    decide: (id: string, leaveStatus: Exclude<LeaveStatus, 'Pending'>, check?: DraftCheck) => decide(db, deps, id, leaveStatus, check),
    applyRefresh: (id: string, record: LeaveRequestRecord, now: EpochMs = deps.now()) => applyRefresh(db, id, record, now),
    keepMine: (id: string, answers?: KeepMineAnswers, check?: DraftCheck) => keepMine(db, deps, id, answers, check),
    usePayroll: (id: string) => usePayroll(db, deps, id)
  }
}

export type InPayrollOperations = ReturnType<typeof createInPayrollOperations>
