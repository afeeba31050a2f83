import type { FaultBook } from './faultBook'
import type { CommitOutcome } from './stateCommits'
import type { FileRateLimiter } from './fileRateLimiter'
import type { LeaveStore } from './leaveStore'
import type { RequestStats } from './requestStats'
import type { SandboxGrants } from './sandboxGrants'
import type { DemoUser } from './demoData'

/** Everything the routes and hooks share; built once per sandbox by startSandbox. */
export interface SandboxContext {
  leaves: LeaveStore
  tokens: SandboxGrants
  users: readonly DemoUser[]
  legacyKeys: readonly { wsAccessKey: string; fileId: number }[]
  faults: FaultBook
  limiter: FileRateLimiter
  stats: RequestStats
  /**
   * Called right after every change of stored data, with no await in between; resolves once the change is
   * durable, or refuses it (the change has then been undone) — see stateCommits.ts.
   */
  commit: () => Promise<CommitOutcome>
  /**
   * Resolves true after `ms`, or false at once when the sandbox is closing, so close() never waits for a
   * latency fault.
   */
  delay: (ms: number) => Promise<boolean>
}
