import { fail, type ApiResult } from '../../shared/apiError'
import type { InsertUpdateResult } from '../../shared/apiSchemas'

/**
 * Payroll writes sent with a request key, remembered by main (which outlives any page) until they settle,
 * and their answers until a page takes them. A page that reloads while its request is on the wire cannot
 * hear the answer; it asks here instead: is my earlier request still out (then sending it again could
 * make a second record), and what did payroll answer?
 */
export interface WriteInFlight {
  requestKey: string
  startedAt: number
}

export interface SettledWrite {
  requestKey: string
  outcome: ApiResult<InsertUpdateResult>
}

export interface WritesInFlight {
  /** Registers `write` under `requestKey` (nothing without a key) and answers it unchanged. */
  track(requestKey: string | undefined, write: Promise<ApiResult<InsertUpdateResult>>): Promise<ApiResult<InsertUpdateResult>>
  list(): WriteInFlight[]
  /** The settled answers not yet taken, oldest first; each is handed out once. */
  takeSettled(): SettledWrite[]
}

/** Answers kept for a page to take; beyond this the oldest go (a page takes them at start-up). */
export const MAX_SETTLED_WRITES = 1_000

export const THREW_MESSAGE = 'Leave Desk lost track of this request while sending it, so it may or may not have reached payroll.'

export function createWritesInFlight(now: () => number = Date.now): WritesInFlight {
  const inFlight = new Map<string, WriteInFlight>()
  let settled: SettledWrite[] = []

  const settle = (requestKey: string, outcome: ApiResult<InsertUpdateResult>) => {
    inFlight.delete(requestKey)
    settled.push({ requestKey, outcome })
    if (settled.length > MAX_SETTLED_WRITES) settled = settled.slice(-MAX_SETTLED_WRITES)
  }

  return {
    track(requestKey, write) {
      if (requestKey === undefined) return write
      inFlight.set(requestKey, { requestKey, startedAt: now() })
      return write.then(
        (outcome) => {
          settle(requestKey, outcome)
          return outcome
        },
        (error: unknown) => {
          // A write that threw may have reached payroll: that is what its page must be told.
          settle(requestKey, fail({ code: 'unknown-outcome', message: THREW_MESSAGE }))
          throw error
        }
      )
    },
    list: () => [...inFlight.values()].map((write) => ({ ...write })),
    takeSettled() {
      const taken = settled
      settled = []
      return taken
    }
  }
}
