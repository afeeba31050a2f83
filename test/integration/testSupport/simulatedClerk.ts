import type { SyncRunner } from '../../../renderer/src/sync/syncTypes'
import type { Sandbox } from '../../../main/sandbox'
import type { DemoDraft } from './demoDrafts'
import { HEADERS_TIMEOUT_MS } from './mainStack'
import { recordsFor } from './queueChecks'
import type { PostLog } from './windowApi'

/**
 * A careful clerk resolving uncertain requests the way the app asks them to: look in payroll; if the
 * request is there, "Mark as sent"; if it is not, "Send again". A request that timed out may still be
 * making its way into payroll (the server carries on after the client gave up), so for those the clerk
 * looks only once the server has certainly finished with it.
 */
export type ClerkChoice = 'send-again' | 'mark-as-sent'

export interface ClerkDeps {
  runner: SyncRunner
  sandbox: Sandbox
  log: PostLog
  /** Every choice made so far; "Send again" is kept over a later "Mark as sent" (it allowed a repost). */
  choices: Map<string, ClerkChoice>
}

/**
 * Far longer than the sandbox needs to finish a request it was still holding when the client gave up
 * (the soak's latency fault is under a second): after this, what payroll holds is final.
 */
const SERVER_DONE_AFTER_MS = 5_000

export async function resolveUncertain(deps: ClerkDeps, uncertain: readonly DemoDraft[]): Promise<number> {
  await untilServerDone(deps, uncertain)
  let decided = 0
  for (const draft of uncertain) {
    const inPayroll = recordsFor(deps.sandbox, draft).length > 0
    const result = inPayroll ? await deps.runner.markAsSent(draft.id) : await deps.runner.sendAgain(draft.id)
    if (!result.ok) continue
    decided += 1
    const choice: ClerkChoice = inPayroll ? 'mark-as-sent' : 'send-again'
    if (deps.choices.get(draft.id) !== 'send-again') deps.choices.set(draft.id, choice)
  }
  return decided
}

/** Waits (once, for all of them) until the server is done with every timed-out request not yet in payroll. */
async function untilServerDone(deps: ClerkDeps, uncertain: readonly DemoDraft[]): Promise<void> {
  const lastEnds = uncertain.flatMap((draft) => {
    const lastPost = deps.log.postsFor(draft.marker).at(-1)
    const timedOut = (lastPost?.durationMs ?? 0) >= HEADERS_TIMEOUT_MS * 0.9
    return timedOut && recordsFor(deps.sandbox, draft).length === 0 ? [lastPost?.endedAt ?? 0] : []
  })
  if (lastEnds.length === 0) return
  const wait = Math.max(...lastEnds) + SERVER_DONE_AFTER_MS - performance.now()
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
}
