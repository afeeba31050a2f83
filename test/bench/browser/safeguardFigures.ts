import { clashesOf, duplicatesToHoldBack } from '../../../renderer/src/safeguards/draftClashes'
import { fileLeaveBetween } from '../../../renderer/src/safeguards/leaveNearby'
import { BENCH_FILE_ID, benchDraftContent } from '../shared/benchDrafts'
import { session } from './benchSession'

/**
 * The safeguards over a large history (after seedHistory): the editor's overlap check for one draft,
 * "Queue all ready"'s duplicate check over every plain draft of the file, and the calendar's month read.
 * Each run timed on its own, inside the page.
 */
export async function safeguardTimes(runs: number): Promise<{ clashMs: number[]; clashesFound: number; holdBackMs: number; plainChecked: number; held: number; monthMs: number[]; monthRequests: number }> {
  const { db, repo } = session()
  const probe = await repo.createDraft(BENCH_FILE_ID, benchDraftContent('safeguard-probe', 7))
  const clashMs: number[] = []
  let clashesFound = 0
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now()
    clashesFound = (await clashesOf(db, probe)).length
    clashMs.push(performance.now() - started)
  }
  const plainChecked = await db.drafts.where('[fileId+status]').equals([BENCH_FILE_ID, 'draft']).count()
  const started = performance.now()
  const held = (await duplicatesToHoldBack(db, BENCH_FILE_ID)).length
  const holdBackMs = performance.now() - started
  const monthMs: number[] = []
  let monthRequests = 0
  for (let run = 0; run < runs; run += 1) {
    const monthStarted = performance.now()
    monthRequests = (await fileLeaveBetween(db, BENCH_FILE_ID, '2026-03-30', '2026-05-10')).length
    monthMs.push(performance.now() - monthStarted)
  }
  await repo.deleteDraft(probe.id)
  return { clashMs, clashesFound, holdBackMs, plainChecked, held, monthMs, monthRequests }
}
