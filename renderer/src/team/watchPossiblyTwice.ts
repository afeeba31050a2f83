import type { DraftsRepository } from '../db'
import { findPossiblyTwice } from './possiblyTwice'
import type { TeamDatabases } from './teamDatabases'

/** How often the replica is looked through for collisions found after the fact, when nothing said so sooner. */
export const POSSIBLY_TWICE_CHECK_MS = 15_000

export interface WatchPossiblyTwiceOptions {
  every?: number
  /**
   * Subscribes to "a claim document changed in the replica" (currentTeam.ts's onClaimChanged): the
   * collision that replication just brought is looked for at once, not up to 15 s later.
   */
  claimChanged?: (listener: () => void) => () => void
}

/**
 * Looks through the team replica for requests possibly in payroll twice and marks this install's
 * (possiblyTwice.ts): once now, whenever a claim changes in the replica, and every POSSIBLY_TWICE_CHECK_MS
 * while a team is set up. One look at a time; a change during a look asks for one more. Never sends.
 */
export function watchPossiblyTwice(team: () => TeamDatabases | null, repo: Pick<DraftsRepository, 'markPossiblyTwice'>, options: WatchPossiblyTwiceOptions = {}): () => void {
  const every = options.every ?? POSSIBLY_TWICE_CHECK_MS
  let stopped = false
  let looking = false
  let lookAgain = false
  let timer: ReturnType<typeof setTimeout> | undefined
  const check = async () => {
    if (looking) {
      lookAgain = true
      return
    }
    looking = true
    clearTimeout(timer)
    try {
      do {
        lookAgain = false
        const current = team()
        if (current) await checkOnce(current, repo).catch(() => undefined)
      } while (lookAgain && !stopped)
    } finally {
      looking = false
    }
    if (!stopped) timer = setTimeout(() => void check(), every)
  }
  const unsubscribe = options.claimChanged?.(() => void check())
  void check()
  return () => {
    stopped = true
    clearTimeout(timer)
    unsubscribe?.()
  }
}

/** One look: answers how many of this install's requests were newly marked. */
export async function checkOnce(team: TeamDatabases, repo: Pick<DraftsRepository, 'markPossiblyTwice'>): Promise<number> {
  return repo.markPossiblyTwice(await findPossiblyTwice(team))
}
