import type { InFlightRequests } from '../inFlightRequests'

/** How long closing waits for answers still on their way before it closes anyway. */
export const SETTLE_TIMEOUT_MS = 15_000

export interface CloseGuardDeps {
  inFlight: Pick<InFlightRequests, 'count' | 'whenSettled'>
  /** Asks the clerk; true = wait for the answers and close, false = keep working. */
  ask: (inFlight: number) => Promise<boolean>
  settleTimeoutMs?: number
  log?: (message: string) => void
}

/**
 * Closing the window or quitting while requests are being sent: a request cut off mid-way ends Uncertain,
 * so the clerk is asked first, and closing then waits (bounded) for the answers to be recorded. The
 * guard is shared by the window's `close` and the app's `before-quit`, so one answer covers both: a quit
 * closes the window too, and must not ask twice.
 */
export function createCloseGuard(deps: CloseGuardDeps): {
  /** Call from a cancellable close/quit event; `proceed` repeats the close once it may go ahead. */
  intercept(event: { preventDefault(): void }, proceed: () => void): void
  /** A new window (macOS keeps the app running without one): its close asks again. */
  rearm(): void
} {
  const settleTimeoutMs = deps.settleTimeoutMs ?? SETTLE_TIMEOUT_MS
  let confirmed = false
  let deciding = false

  async function decide(): Promise<boolean> {
    if (!(await deps.ask(deps.inFlight.count()))) return false
    const settled = await deps.inFlight.whenSettled(settleTimeoutMs)
    if (!settled) deps.log?.(`Closing with ${deps.inFlight.count()} request(s) still unanswered after ${settleTimeoutMs} ms`)
    return true
  }

  return {
    intercept(event, proceed) {
      if (confirmed || deps.inFlight.count() === 0) return
      event.preventDefault()
      if (deciding) return
      deciding = true
      void decide()
        .catch(() => false)
        .then((close) => {
          deciding = false
          if (!close) return
          confirmed = true
          proceed()
        })
    },
    rearm() {
      confirmed = false
    }
  }
}
