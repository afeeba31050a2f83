import { RENOUNCED_CAUSE } from '../../../shared/ipc/writesInFlight'
import type { ApiError } from '../../../shared/apiError'
import { aroundMethods } from './aroundMethods'
import type { SyncApi } from './syncTypes'

/**
 * The batch's named writes handed over to main and not yet answered. Main puts only a few on the wire
 * at once and holds the rest in order (main/api/wirePool.ts), so the wire never idles while a freed
 * place waits for the page's next request to cross the page→main hop. A write held in main was never
 * sent, so when the batch stops it can take those back: main withdraws them and each call answers the
 * renounced refusal, and the draft goes back to the queue as if never claimed (syncBatch.ts).
 *
 * What may still leave after the batch decides to stop: the writes main had already put on the wire,
 * and, when the page stops for its own reason (the clerk's Stop, a failing database), those main puts
 * there before the renouncement reaches it. An answer to a named write that stops the batch stops it in
 * main first: main withdraws every held write before that answer's place is freed, and holds what is
 * handed over just after it until this renouncement withdraws it (shared/ipc/answerStopsTheBatch.ts).
 * Each write that leaves was claimed (committed) before it was handed over and is sent exactly once;
 * its answer is recorded as any other's, and one that may have been applied is never sent again. What
 * main withdrew never left, so queuing it again cannot make a duplicate.
 */
export interface HandOver<A> {
  /** The API as the batch's sends use it: named writes are noted until answered; once stopped, none is handed over. */
  api: A
  /** Asks main to withdraw the writes it holds but has not sent; harmless when there are none. */
  takeBackWaiting(): void
}

/** A write the page did not hand over because the batch had stopped: certainly not sent. */
const NOT_HANDED_OVER: ApiError = {
  code: 'network',
  message: 'Not sent: the sync stopped before this request left.',
  details: { cause: RENOUNCED_CAUSE }
}

/** The name of a named write's call, by method: the request key's position in its arguments. */
const KEY_ARGUMENT: Readonly<Record<string, number>> = { insertLeaveRequest: 2, putLeaveRequest: 3 }

export function createHandOver<A extends object>(
  api: A & Partial<Pick<SyncApi, 'renounceWrites'>>,
  options: { stopped: () => boolean; mainBoot: () => string | undefined }
): HandOver<A> {
  const unanswered = new Set<string>()
  const wrapped = aroundMethods(api, (call, args, method) => {
    const at = KEY_ARGUMENT[method]
    const key = at === undefined ? undefined : args[at]
    if (typeof key !== 'string') return call()
    if (options.stopped()) return Promise.resolve({ ok: false, error: NOT_HANDED_OVER })
    unanswered.add(key)
    const answer = Promise.resolve(call())
    const answered = () => unanswered.delete(key)
    answer.then(answered, answered)
    return answer
  })
  return {
    api: wrapped,
    takeBackWaiting() {
      const boot = options.mainBoot()
      if (unanswered.size === 0 || boot === undefined || !api.renounceWrites) return
      // No answer needed: each withdrawn call answers the renounced refusal itself; a key main already
      // put on the wire is not renounced and its call answers as it would have.
      void api.renounceWrites(boot, [...unanswered]).catch(() => undefined)
    }
  }
}

/** True for main's answer that a write was never sent and never will be (renounced or withdrawn). */
export function wasRenounced(answer: unknown): boolean {
  const error = (answer as { ok?: boolean; error?: ApiError } | undefined)?.error
  return (answer as { ok?: boolean } | undefined)?.ok === false && error?.details?.cause === RENOUNCED_CAUSE
}
