import { randomUUID } from 'node:crypto'
import { fail, ok, type ApiResult } from '../../shared/apiError'
import { answerStopsTheBatch } from '../../shared/ipc/answerStopsTheBatch'
import { RENOUNCED_CAUSE, type RenouncedWrites } from '../../shared/ipc/writesInFlight'
import { createInFlightRequests, type InFlightRequests } from '../inFlightRequests'
import { NOT_SENT_ASKER_GONE_CAUSE } from './authorizedSender'
import { createWirePool, type WirePlace, type WirePool } from './wirePool'

/**
 * The payroll writes main has been asked for and not yet answered, and the answers nobody received.
 *
 * A reloaded page finds its drafts 'sending' and cannot tell whether their requests are still on the
 * wire; pressing "Send again" before the first one lands would give payroll two. So each write the queue
 * names (a `requestKey`, e.g. `${draftId}:${attemptNumber}`) is listed here until it settles, and when
 * the page that asked has gone by then, its answer is kept until the next page takes it (bounded, in
 * memory: a restart of the app ends every request anyway). Quitting waits on the same registry.
 *
 * It also remembers every key it was asked to send in this process's life (`bootId` names that life), so
 * a reloaded page can RENOUNCE the claims its predecessor made but never handed over: main answers which
 * of those keys it never received and from then on refuses to send them. "Never received" thus becomes
 * "will never be sent", even for a call of the old page still on its way, and the page may queue those
 * drafts again instead of asking the clerk to look in payroll.
 *
 * Named writes take turns on the wire (wirePool.ts): the page hands over its next claimed writes early,
 * and main sends each the moment a place frees. One received but still waiting for its place was never
 * sent, so it is renounceable too: withdrawn, it never leaves and its call answers the renounced refusal.
 * An answer that every other write would get too (shared/ipc/answerStopsTheBatch.ts: payroll refuses
 * the file, the clerk must sign in again, payroll cannot be reached) withdraws every held write before
 * the place it frees can go to the next: the batch stops in main itself, not one page→main hop later.
 * For a moment after it (STOP_GRACE_MS) no write gets a place: one a lane handed over before the page
 * heard the answer waits, and the page's renouncement, which names it, withdraws it. A page that never
 * renounces only delays its writes by that moment.
 * Unnamed calls (reads, and writes nobody names) never wait here.
 */
export interface WriteInFlight {
  requestKey: string
  /** Epoch milliseconds when main was asked for it. */
  startedAt: number
}

export interface SettledWrite<T> {
  requestKey: string
  outcome: ApiResult<T>
}

export interface WritesInFlight<T> {
  /**
   * Runs `write`, listing it under `requestKey` (when given) until it settles. `askerSignal` is the
   * asking page's lifetime: if it has ended when the answer comes, the answer is kept for takeSettled().
   * `call` says whether it is an insert: payroll refusing an insert's file stops every held write.
   */
  track(
    requestKey: string | undefined,
    askerSignal: AbortSignal | undefined,
    write: () => Promise<ApiResult<T>>,
    call?: 'insert' | 'other'
  ): Promise<ApiResult<T>>
  /** The named writes not yet answered, oldest first. */
  list(): WriteInFlight[]
  /** Answers whose page went away before they came, oldest first; each is handed out once. */
  takeSettled(): SettledWrite<T>[]
  /** Every write still out, named or not (for the quit confirmation). */
  count(): number
  /** Resolves true once no write is out, or false after `timeoutMs` with writes still out. */
  whenSettled(timeoutMs: number): Promise<boolean>
  /** A random id of this registry, made once per main process: claims name it, so a restarted main never renounces them. */
  readonly bootId: string
  /** How many named writes may be on the wire at once; more may be handed over and wait in main. */
  readonly wireWrites: number
  /**
   * The keys of `requestKeys` never received, which are from now on refused (never sent). A key received,
   * or one the registry can no longer vouch for (its memory is full), is left out: the caller must assume
   * it may have been sent; its answer, when it comes or if it came unheard, goes to takeSettled(). Refused
   * ('conflict') when `bootId` is not this registry's: the claims were made while an earlier main ran,
   * and this one knows nothing of what that one sent.
   */
  renounce(bootId: string, requestKeys: readonly string[]): ApiResult<RenouncedWrites>
}

/** A claim made while an earlier run of main was open. */
export const OTHER_BOOT_CAUSE = 'other-boot'
const claimedUnderAnotherRun = (): ApiResult<never> =>
  fail({
    code: 'conflict',
    message: 'Leave Desk was restarted since these requests were claimed: it cannot say whether they were sent.',
    details: { cause: OTHER_BOOT_CAUSE }
  })

/** The refusal of a write whose key was renounced: certainly not sent ('network' says so to the queue). */
export { RENOUNCED_CAUSE }
export const RENOUNCED_MESSAGE = 'Not sent: after the window reloaded, Leave Desk put this request back in the queue.'
const renouncedWrite = (): ApiResult<never> => fail({ code: 'network', message: RENOUNCED_MESSAGE, details: { cause: RENOUNCED_CAUSE } })
export const STOPPED_BEHIND_MESSAGE = 'Not sent: payroll’s answer to an earlier request stopped the sync, so Leave Desk put this one back in the queue.'
const stoppedBehindWrite = (): ApiResult<never> =>
  fail({ code: 'network', message: STOPPED_BEHIND_MESSAGE, details: { cause: RENOUNCED_CAUSE } })

/** How long main holds every write after an answer that stops the batch: time for the page to hear it and renounce. */
export const STOP_GRACE_MS = 250

/** The refusal of a write while new ones are held back (a restart to update waits): not sent, like 'network'. */
export const HELD_BACK_CAUSE = 'held-back'
const heldBackWrite = (why: string): ApiResult<never> => fail({ code: 'network', message: why, details: { cause: HELD_BACK_CAUSE } })

export interface WritesInFlightOptions {
  now?: () => number
  /** Counts the writes while they are out (main's close guard may share it); default a fresh counter. */
  inFlight?: InFlightRequests
  /** Most answers kept for a page that never comes back; the oldest go first. Default 1,000. */
  maxKept?: number
  /**
   * Most keys remembered as received (about 100 bytes each). Past it the oldest are forgotten, and from
   * then on nothing is renounced: a forgotten key might be one that went out. Default 50,000.
   */
  maxReceived?: number
  /** Most keys renounced; once full, nothing more is (a dropped renouncement could let its key go out). Default 10,000. */
  maxRenounced?: number
  bootId?: string
  /** Where named writes take turns on the wire; default WIRE_WRITES_AT_ONCE places. */
  wirePool?: WirePool
  /** Default STOP_GRACE_MS. */
  stopGraceMs?: number
}

/** An answer from payroll (or on the way to it) that every other write would get too; not a page that went away. */
function stopsTheBatch(outcome: ApiResult<unknown>, call: 'insert' | 'other'): boolean {
  return !outcome.ok && outcome.error.details?.cause !== NOT_SENT_ASKER_GONE_CAUSE && answerStopsTheBatch(outcome.error, call)
}

export function createWritesInFlight<T>(options: WritesInFlightOptions = {}): WritesInFlight<T> {
  const now = options.now ?? Date.now
  const maxKept = options.maxKept ?? 1_000
  const named = new Map<number, WriteInFlight>()
  const kept: SettledWrite<T>[] = []
  const inFlight = options.inFlight ?? createInFlightRequests()
  const maxReceived = options.maxReceived ?? 50_000
  const maxRenounced = options.maxRenounced ?? 10_000
  /** Insertion-ordered, so the oldest is forgotten first. */
  const received = new Set<string>()
  let forgotSome = false
  const renounced = new Set<string>()
  let nextId = 0
  const wire = options.wirePool ?? createWirePool()
  /** Named writes received and still waiting for their place on the wire: withdrawable. */
  const waiting = new Map<string, WirePlace>()
  /** Held writes withdrawn because an earlier answer stopped the batch. */
  const stoppedBehind = new Set<string>()

  /** Every held write is withdrawn (and refused for good): none leaves after an answer that stops the batch. */
  const withdrawEveryHeldWrite = () => {
    for (const [key, place] of waiting) {
      if (!place.withdraw()) continue
      stoppedBehind.add(key)
      if (renounced.size < maxRenounced) renounced.add(key)
    }
  }

  const receive = (requestKey: string) => {
    received.delete(requestKey)
    received.add(requestKey)
    if (received.size <= maxReceived) return
    const oldest = received.values().next().value as string
    received.delete(oldest)
    forgotSome = true
  }

  /** Answers handed to the page that asked, still alive then; bounded like `kept`, oldest first. */
  const delivered = new Map<string, ApiResult<T>>()
  /** Keys a reloaded page named while their write was out: the answer is kept for it, whoever asked. */
  const keepFor = new Set<string>()

  const keep = (requestKey: string, outcome: ApiResult<T>) => {
    kept.push({ requestKey, outcome })
    if (kept.length > maxKept) kept.splice(0, kept.length - maxKept)
  }

  /**
   * A reloaded page names a key it received no answer for: it may have been asked by the old page in its
   * last moments, its call reaching main only after the page was gone (so under the new page's life). Its
   * answer then goes to takeSettled() rather than to a page that is no more.
   */
  const answerToNextPage = (requestKey: string) => {
    const answered = delivered.get(requestKey)
    if (answered) {
      delivered.delete(requestKey)
      keep(requestKey, answered)
    } else if ([...named.values()].some((write) => write.requestKey === requestKey)) {
      keepFor.add(requestKey)
    }
  }

  const renounceKeys = (requestKeys: readonly string[]): string[] => {
    const answer: string[] = []
    for (const key of new Set(requestKeys)) {
      // Received but never put on the wire: certainly not sent, and now never will be.
      if (waiting.get(key)?.withdraw() || renounced.has(key)) {
        if (renounced.size < maxRenounced) renounced.add(key)
        answer.push(key)
        continue
      }
      if (received.has(key) || forgotSome) {
        answerToNextPage(key)
        continue
      }
      if (!renounced.has(key)) {
        if (renounced.size >= maxRenounced) continue
        renounced.add(key)
      }
      answer.push(key)
    }
    return answer
  }

  /**
   * Waits for a named write's place on the wire. Withdrawn first (renounced, or the asking page went
   * away), it answers the renounced refusal; a hold (restart to update) that began meanwhile refuses it
   * too. Either way it was never sent, and nothing is kept for a later page. Undefined: it may go.
   */
  const waitForPlace = async (requestKey: string, place: WirePlace, askerSignal: AbortSignal | undefined): Promise<ApiResult<never> | undefined> => {
    waiting.set(requestKey, place)
    const pageGone = () => {
      if (place.withdraw() && renounced.size < maxRenounced) renounced.add(requestKey)
    }
    askerSignal?.addEventListener('abort', pageGone, { once: true })
    if (askerSignal?.aborted) pageGone()
    const admitted = await place.turn
    waiting.delete(requestKey)
    askerSignal?.removeEventListener('abort', pageGone)
    if (!admitted) return stoppedBehind.delete(requestKey) ? stoppedBehindWrite() : renouncedWrite()
    const held = inFlight.heldBack()
    return held === undefined ? undefined : heldBackWrite(held)
  }

  const run = async (
    requestKey: string | undefined,
    askerSignal: AbortSignal | undefined,
    write: () => Promise<ApiResult<T>>,
    call: 'insert' | 'other'
  ): Promise<ApiResult<T>> => {
    const id = nextId++
    if (requestKey !== undefined) named.set(id, { requestKey, startedAt: now() })
    let outcome: ApiResult<T> | undefined
    // Taken in the same turn as the call arrives: with a place free, the write starts at once.
    const place = requestKey !== undefined ? wire.join() : undefined
    try {
      if (place && requestKey !== undefined && !place.onWire()) {
        const refusal = await waitForPlace(requestKey, place, askerSignal)
        if (refusal) return refusal
      }
      outcome = await write()
      // Before the place is given back (finally): it must not go to a write that would fail the same way.
      if (place && stopsTheBatch(outcome, call)) {
        withdrawEveryHeldWrite()
        wire.pause(options.stopGraceMs ?? STOP_GRACE_MS)
      }
      return outcome
    } finally {
      place?.leave()
      named.delete(id)
      // A write that threw has no answer to keep; its caller gets the error.
      if (outcome && requestKey !== undefined) {
        if (askerSignal?.aborted || keepFor.delete(requestKey)) {
          keep(requestKey, outcome)
        } else {
          delivered.set(requestKey, outcome)
          if (delivered.size > maxKept) delivered.delete(delivered.keys().next().value as string)
        }
      }
    }
  }

  const bootId = options.bootId ?? randomUUID()
  return {
    bootId,
    wireWrites: wire.size,
    renounce: (claimedUnder, requestKeys) =>
      claimedUnder === bootId ? ok({ renounced: renounceKeys(requestKeys) }) : claimedUnderAnotherRun(),
    track(requestKey, askerSignal, write, call = 'other') {
      // Before the key is noted as received: a write held back was never sent and may be renounced.
      const held = inFlight.heldBack()
      if (held !== undefined) return Promise.resolve(heldBackWrite(held))
      if (requestKey === undefined) return inFlight.track(run(requestKey, askerSignal, write, call))
      // Checked and noted in the same turn as the call arrives: a renouncement either comes first (and
      // this write is refused) or after (and reports the key as received).
      if (renounced.has(requestKey)) return Promise.resolve(renouncedWrite())
      receive(requestKey)
      return inFlight.track(run(requestKey, askerSignal, write, call))
    },
    list: () => [...named.values()].map((entry) => ({ ...entry })),
    takeSettled: () => kept.splice(0, kept.length),
    count: () => inFlight.count(),
    whenSettled: (timeoutMs) => inFlight.whenSettled(timeoutMs)
  }
}
