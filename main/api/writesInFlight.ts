import { fail, type ApiResult } from '../../shared/apiError'
import { OTHER_PAYROLL_CAUSE } from '../../shared/ipc/writesInFlight'
import { createInFlightRequests, type InFlightRequests } from '../inFlightRequests'

/**
 * The payroll writes main has been asked for and not yet answered, and the answers nobody received.
 *
 * A reloaded page finds its drafts 'sending' and cannot tell whether their requests are still on the
 * wire; pressing "Send again" before the first one lands would give payroll two. So each write the queue
 * names (a `requestKey`: `${draftId}:${attemptNumber}`) is listed here until it settles, and when the
 * page that asked has gone by then, its answer is kept until the next page takes it (bounded, in memory:
 * a restart of the app ends every request anyway). Quitting waits on the same count.
 *
 * Three refusals happen here, each before anything is sent (code 'network': the queue puts the draft
 * back): new writes are held back (a restart to update, or a switch of payroll, waits for those out);
 * the write was written for another payroll than the one it would reach. And a key already received is
 * never sent again: the caller gets that write's own outcome (the same promise while it is out).
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

/** Who asks for a named write, and for which payroll. */
export interface WriteAsker {
  requestKey?: string | undefined
  /** The payroll the write was written for; refused unless it is `current` (the one it would reach). */
  payroll?: string | undefined
  /** The payroll this write would reach, read once at receipt. */
  current: string
  /** The asking page's lifetime: if it has ended when the answer comes, the answer is kept for takeSettled(). */
  signal?: AbortSignal | undefined
}

export interface WritesInFlight<T> {
  /** Runs `write` unless refused (held back, another payroll, a key already received); see above. */
  track(asker: WriteAsker, write: () => Promise<ApiResult<T>>): Promise<ApiResult<T>>
  /** The named writes not yet answered, oldest first. */
  list(): WriteInFlight[]
  /** Answers whose page went away before they came, oldest first; each is handed out once. */
  takeSettled(): SettledWrite<T>[]
  /** Every write still out, named or not (for the quit confirmation). */
  count(): number
  /** Resolves true once no write is out, or false after `timeoutMs` with writes still out. */
  whenSettled(timeoutMs: number): Promise<boolean>
  /** From now on new writes are refused (`why`, in the clerk's words) until the function is called. */
  holdNew(why: string): () => void
}

/** The refusal of a write while new ones are held back (a restart to update waits): not sent, like 'network'. */
export const HELD_BACK_CAUSE = 'held-back'
const heldBackWrite = (why: string): ApiResult<never> => fail({ code: 'network', message: why, details: { cause: HELD_BACK_CAUSE } })

export const OTHER_PAYROLL_MESSAGE =
  'Not sent: this request was written for another payroll than the one Leave Desk is connected to now.'
const otherPayrollWrite = (): ApiResult<never> =>
  fail({ code: 'network', message: OTHER_PAYROLL_MESSAGE, details: { cause: OTHER_PAYROLL_CAUSE } })

export interface WritesInFlightOptions {
  now?: () => number
  /** Counts the writes while they are out (main's close guard may share it); default a fresh counter. */
  inFlight?: InFlightRequests
  /** Most answers kept for a page that never comes back; the oldest go first. Default 1,000. */
  maxKept?: number
  /**
   * Most keys remembered as received, with their outcome (about 200 bytes each). Past it the oldest are
   * forgotten: the queue never reuses a key (each attempt has its own), so only a page that repeats a
   * key this old could get it sent again. Default 20,000: more than a day's quota.
   */
  maxReceived?: number
}

export function createWritesInFlight<T>(options: WritesInFlightOptions = {}): WritesInFlight<T> {
  const now = options.now ?? Date.now
  const maxKept = options.maxKept ?? 1_000
  const maxReceived = options.maxReceived ?? 20_000
  const inFlight = options.inFlight ?? createInFlightRequests()
  const named = new Map<number, WriteInFlight>()
  const kept: SettledWrite<T>[] = []
  /** Every key received (insertion-ordered, oldest forgotten first), with its write's outcome. */
  const received = new Map<string, Promise<ApiResult<T>>>()
  let nextId = 0

  const keep = (requestKey: string, outcome: ApiResult<T>) => {
    kept.push({ requestKey, outcome })
    if (kept.length > maxKept) kept.splice(0, kept.length - maxKept)
  }

  const run = async (requestKey: string | undefined, signal: AbortSignal | undefined, write: () => Promise<ApiResult<T>>) => {
    const id = nextId++
    if (requestKey !== undefined) named.set(id, { requestKey, startedAt: now() })
    let outcome: ApiResult<T> | undefined
    try {
      outcome = await write()
      return outcome
    } finally {
      named.delete(id)
      // A write that threw has no answer to keep; its caller gets the error.
      if (outcome && requestKey !== undefined && signal?.aborted) keep(requestKey, outcome)
    }
  }

  return {
    track({ requestKey, payroll, current, signal }, write) {
      const earlier = requestKey === undefined ? undefined : received.get(requestKey)
      if (earlier) return earlier
      const held = inFlight.heldBack()
      if (held !== undefined) return Promise.resolve(heldBackWrite(held))
      if (payroll !== undefined && payroll !== current) return Promise.resolve(otherPayrollWrite())
      const running = inFlight.track(run(requestKey, signal, write))
      if (requestKey !== undefined) {
        received.set(requestKey, running)
        if (received.size > maxReceived) received.delete(received.keys().next().value as string)
        // A write that threw was maybe never sent: a repeat of its key may try again.
        running.catch(() => received.delete(requestKey))
      }
      return running
    },
    list: () => [...named.values()].map((entry) => ({ ...entry })),
    takeSettled: () => kept.splice(0, kept.length),
    count: () => inFlight.count(),
    whenSettled: (timeoutMs) => inFlight.whenSettled(timeoutMs),
    holdNew: (why) => inFlight.holdNew(why)
  }
}
