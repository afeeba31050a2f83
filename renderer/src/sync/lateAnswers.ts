import type { DraftsRepository, EpochMs, SendOutcome } from '../db'
import { classifyForQueue, errorForDraft } from './classifyForQueue'
import { parseRequestKey } from './requestKeys'
import type { SyncApi } from './syncTypes'

/**
 * After a reload, a request the page sent may still be on its way: main outlives the page and keeps each
 * keyed write until it settles, then its answer until a page takes it. The queue asks main instead of
 * guessing: "Send again" waits while the earlier request is out, and its late answer is recorded.
 */

type SettledOutcome = Extract<Awaited<ReturnType<SyncApi['takeSettledWrites']>>, { ok: true }>['value'][number]['outcome']

/** What a late answer means for the draft, in the queue's words. */
export function outcomeOfLateAnswer(answer: SettledOutcome, now: EpochMs): SendOutcome {
  if (answer.ok) {
    const outcome: SendOutcome = { kind: 'synced', serverId: answer.value.Id }
    if (answer.value.LastModifiedDateUtc) outcome.lastModifiedDateUtc = answer.value.LastModifiedDateUtc
    return outcome
  }
  const error = errorForDraft(answer.error)
  switch (classifyForQueue(error).kind) {
    case 'retry':
    case 'pause':
      return { kind: 'retry', error, nextAttemptAt: now }
    case 'needs-attention':
      return { kind: 'needs-attention', error }
    case 'uncertain':
      return { kind: 'uncertain', error }
  }
}

/** Takes main's settled answers and records those that answer a send recovered as interrupted. */
export async function recordLateAnswers(api: Pick<SyncApi, 'takeSettledWrites'>, repo: DraftsRepository, now: () => EpochMs): Promise<number> {
  const settled = await api.takeSettledWrites()
  if (!settled.ok) return 0
  let recorded = 0
  for (const { requestKey, outcome } of settled.value) {
    const key = parseRequestKey(requestKey)
    if (key && (await repo.queue.recordLateAnswer(key.draftId, key.attempt, outcomeOfLateAnswer(outcome, now())))) recorded += 1
  }
  return recorded
}

/** Whether main reports a request of this draft still on its way to payroll. */
export async function hasWriteInFlight(api: Pick<SyncApi, 'listWritesInFlight'>, draftId: string): Promise<boolean> {
  const writes = await api.listWritesInFlight()
  // Not knowing is not "nothing is out": hold "Send again" rather than risk a second record.
  if (!writes.ok) return true
  return writes.value.some((write) => parseRequestKey(write.requestKey)?.draftId === draftId)
}
