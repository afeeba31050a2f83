import { duplicateKey } from '../../../shared/safeguards'
import type { DraftsRepository } from '../db'
import { checkDraft } from '../drafts/checkDraft'
import type { ReferenceData } from '../reference/useReferenceData'
import { draftSummaryWords } from '../list/DraftSummary'
import { clashWords } from './clashWords'
import { clashesOf, confirmDuplicate, duplicatesToHoldBack, unconfirmedDuplicatesOf } from './draftClashes'
import { overlapsToHoldBack } from './overlapsToHoldBack'
import { useDuplicatePrompt } from './duplicatePromptStore'

type Reference = Pick<ReferenceData, 'leaveTypesById' | 'employeesById'>

/** Names for the words, read from the cache (the actions have no React state to hand). */
async function referenceOf(repo: DraftsRepository, fileId: number): Promise<Reference> {
  const [employees, leaveTypes] = await Promise.all([repo.listEmployees(fileId, { includeInactive: true }), repo.listLeaveTypes(fileId)])
  return {
    employeesById: new Map(employees.map((employee) => [employee.id, employee])),
    leaveTypesById: new Map(leaveTypes.map((type) => [type.id, type]))
  }
}

/**
 * Before "Queue": an exact duplicate of another live request, or a request sharing days with another of
 * the same employee's, needs the clerk's confirmation. Returns true when the queue may go ahead; false
 * when the dialog was opened instead (its "Queue anyway" remembers the answer and queues). A draft the
 * rules refuse is let through: the queue says why.
 */
export async function mayQueue(repo: DraftsRepository, draftId: string): Promise<boolean> {
  const draft = await repo.getDraft(draftId)
  if (!draft || draft.status === 'queued' || checkDraft(draft).length > 0) return true
  const exact = await unconfirmedDuplicatesOf(repo.db, draft)
  const overlaps = exact.length > 0 || (await isConfirmed(repo, draft)) ? [] : (await clashesOf(repo.db, draft)).filter((clash) => !clash.exact)
  const duplicates = exact.length > 0 ? exact : overlaps
  if (duplicates.length === 0) return true
  const reference = await referenceOf(repo, draft.fileId)
  const { name, leaveTypeName, dates } = draftSummaryWords(draft, reference as ReferenceData)
  useDuplicatePrompt.getState().show({
    kind: 'confirm',
    exact: exact.length > 0,
    draftId,
    title: `${name}, ${leaveTypeName} ${dates}`,
    duplicates: duplicates.map((clash) => ({ draftId: clash.other.id, words: clashWords(clash, reference) }))
  })
  return false
}

async function isConfirmed(repo: DraftsRepository, draft: Parameters<typeof duplicateKey>[0] & { id: string }): Promise<boolean> {
  const confirmed = await repo.db.confirmedDuplicates.get(draft.id)
  return confirmed !== undefined && confirmed.key === duplicateKey(draft)
}

/** The clerk's "Queue anyway": remembered, so the same draft is not asked about again. */
export async function confirmAsMeant(repo: DraftsRepository, draftId: string, now: number): Promise<void> {
  const draft = await repo.getDraft(draftId)
  if (draft) await confirmDuplicate(repo.db, draft, now)
}

/** The drafts "Queue all ready" must leave alone (exact duplicates, then overlaps), and the list of them for the clerk. */
export async function duplicatesToLeaveOut(repo: DraftsRepository, fileId: number): Promise<{ ids: ReadonlySet<string>; lines: { draftId: string; words: string }[] }> {
  const duplicates = (await duplicatesToHoldBack(repo.db, fileId)).map(({ draft, duplicateOf }) => ({ draft, other: duplicateOf, exact: true }))
  const heldIds = new Set(duplicates.map((entry) => entry.draft.id))
  const overlaps = (await overlapsToHoldBack(repo.db, fileId)).filter((entry) => !heldIds.has(entry.draft.id)).map(({ draft, clash }) => ({ draft, other: clash.other, exact: false }))
  const held = [...duplicates, ...overlaps]
  const reference = held.length > 0 ? await referenceOf(repo, fileId) : { employeesById: new Map(), leaveTypesById: new Map() }
  return {
    ids: new Set(held.map((entry) => entry.draft.id)),
    lines: held.map(({ draft, other, exact }) => {
      const { name, leaveTypeName, dates } = draftSummaryWords(draft, reference as ReferenceData)
      const words = clashWords({ other, exact } as Parameters<typeof clashWords>[0], reference)
      return { draftId: draft.id, words: `${name}, ${leaveTypeName} ${dates}: ${words.charAt(0).toLowerCase()}${words.slice(1)}` }
    })
  }
}
