import type { LeaveRequestRecord, LeaveStatus } from '../../../../shared/leaveRequestSchema'
import type { KeepMineAnswers } from '../../drafts/resolveConflict'
import type { DraftCheck } from '../draftQueueing'
import type { LeaveDeskDb } from '../leaveDeskDb'
import type { DraftRecord, EpochMs } from '../records'
import type { RepositoryDeps } from '../repositoryDeps'
import { keepMine, undoDecision, usePayroll } from './inPayrollChoices'
import { decide, startEdit, type DecisionOptions } from './inPayrollEditing'
import { applyRefresh } from './inPayrollRefresh'
import { linkUncertain, openFromPayroll, uncertainLike } from './inPayrollOpen'

export type { RefreshResult } from './inPayrollRefresh'
export type { DecisionOptions } from './inPayrollEditing'

/** Requests already in payroll (docs/architecture.md "Requests already in payroll"), bound to one database. */
export function createInPayrollOperations(db: LeaveDeskDb, deps: RepositoryDeps) {
  return {
    startEdit: (id: string) => startEdit(db, deps, id),
    decide: (id: string, leaveStatus: Exclude<LeaveStatus, 'Pending'>, check?: DraftCheck, options?: DecisionOptions) =>
      decide(db, deps, id, leaveStatus, check, options),
    undoDecision: (id: string, before: DraftRecord) => undoDecision(db, deps, id, before),
    applyRefresh: (id: string, record: LeaveRequestRecord, now: EpochMs = deps.now()) => applyRefresh(db, id, record, now),
    keepMine: (id: string, answers?: KeepMineAnswers, check?: DraftCheck) => keepMine(db, deps, id, answers, check),
    usePayroll: (id: string) => usePayroll(db, deps, id),
    openFromPayroll: (fileId: number, record: LeaveRequestRecord) => openFromPayroll(db, deps, fileId, record),
    linkUncertain: (id: string, record: LeaveRequestRecord) => linkUncertain(db, deps, id, record),
    uncertainLike: (fileId: number, record: LeaveRequestRecord) => uncertainLike(db, fileId, record)
  }
}

export type InPayrollOperations = ReturnType<typeof createInPayrollOperations>
