import type { Employee, PayItem } from '../../../shared/apiSchemas'
import type { DraftContent } from '../drafts/draftContent'
import { sendAnyway } from './colleagueClaimChoices'
import { markPossiblyTwice } from './possiblyTwiceMarks'
import type { FoundTwice } from '../team/possiblyTwice'
import { createDraft, deleteDraft, duplicateDraft, undoDelete, updateDraft } from './draftEditing'
import { importDrafts, type DraftToImport } from './draftImport'
import { countByStatus, getDraft, listAttempts, listDeletedDrafts, listDrafts, type ListDraftsOptions } from './draftQueries'
import { queueAllValid, queueDraft, sendAgain, unqueueDraft, type DraftCheck } from './draftQueueing'
import type { LeaveDeskDb } from './leaveDeskDb'
import { createInPayrollOperations } from './inPayroll'
import { createQueueStore } from './queue'
import type { DraftRecord, EpochMs, ReferenceKind } from './records'
import {
  getEmployee,
  listEmployees,
  listLeaveTypes,
  referenceAsOf,
  replaceEmployees,
  replaceLeaveTypes
} from './referenceCache'
import { defaultDeps, type RepositoryDeps } from './repositoryDeps'
import { listSyncHistory } from './syncHistory'

/**
 * Every operation the screens and the sync runner need, bound to one database. Writes that touch more
 * than one row run in one transaction; refusals come back as `{ ok: false, refusal }`, never as throws.
 */
export function createDraftsRepository(db: LeaveDeskDb, deps: Partial<RepositoryDeps> & { claimDb?: LeaveDeskDb } = {}) {
  const { claimDb = db, ...rest } = deps
  const d: RepositoryDeps = { ...defaultDeps, ...rest }
  return {
    db,
    /** The sync queue's persistence: picking, claiming, outcomes, recovery (queue/queueStore.ts). */
    queue: createQueueStore(db, claimDb, d),
    /** Requests already in payroll: Edit, Approve/Reject, Refresh, Keep mine, Use payroll's (inPayroll/). */
    inPayroll: createInPayrollOperations(db, d),
    // The clerk's editing
    createDraft: (fileId: number, content?: Partial<DraftContent>) => createDraft(db, d, fileId, content),
    /** `lastWritten`: the draft as the caller's previous save wrote it, for a save in one round trip (draftEditing.ts). */
    updateDraft: (id: string, patch: Partial<DraftContent>, lastWritten?: DraftRecord) => updateDraft(db, d, id, patch, lastWritten),
    duplicateDraft: (id: string) => duplicateDraft(db, d, id),
    deleteDraft: (id: string) => deleteDraft(db, d, id),
    undoDelete: (id: string) => undoDelete(db, id),
    // An accepted import (file, paste, one leave for many): all its drafts or none
    importDrafts: (fileId: number, drafts: readonly DraftToImport[]) => importDrafts(db, d, fileId, drafts),
    // The clerk's queue buttons
    queueDraft: (id: string, check?: DraftCheck) => queueDraft(db, d, id, check),
    queueAllValid: (fileId: number, check?: DraftCheck, holdBack?: ReadonlySet<string>) => queueAllValid(db, d, fileId, check, holdBack),
    unqueueDraft: (id: string) => unqueueDraft(db, d, id),
    sendAgain: (id: string, check?: DraftCheck) => sendAgain(db, d, id, check),
    /** "Send anyway": a request a colleague's claim stopped, queued with its claim check skipped (team ledger). */
    sendAnyway: (id: string, check?: DraftCheck) => sendAnyway(db, d, id, check),
    /** "Possibly in payroll twice" on requests a colleague's may duplicate (team/possiblyTwice.ts). */
    markPossiblyTwice: (found: readonly FoundTwice[]) => markPossiblyTwice(db, d, found),
    // Reads
    getDraft: (id: string) => getDraft(db, id),
    listDrafts: (fileId: number, options?: ListDraftsOptions) => listDrafts(db, fileId, options),
    listDeletedDrafts: (fileId: number) => listDeletedDrafts(db, fileId),
    countByStatus: (fileId: number) => countByStatus(db, fileId),
    listAttempts: (draftId: string) => listAttempts(db, draftId),
    listSyncHistory: (fileId: number) => listSyncHistory(db, fileId),
    // Reference data cache
    replaceEmployees: (fileId: number, employees: readonly Employee[], asOf: EpochMs) =>
      replaceEmployees(db, fileId, employees, asOf),
    replaceLeaveTypes: (fileId: number, payItems: readonly PayItem[], asOf: EpochMs) =>
      replaceLeaveTypes(db, fileId, payItems, asOf),
    listEmployees: (fileId: number, options?: { includeInactive?: boolean }) => listEmployees(db, fileId, options),
    getEmployee: (fileId: number, id: number) => getEmployee(db, fileId, id),
    listLeaveTypes: (fileId: number) => listLeaveTypes(db, fileId),
    referenceAsOf: (fileId: number, kind: ReferenceKind) => referenceAsOf(db, fileId, kind)
  }
}

export type DraftsRepository = ReturnType<typeof createDraftsRepository>
