import type { DraftsRepository } from '../db'
import { findPossiblyTwice } from './possiblyTwice'
import type { TeamDatabases } from './teamDatabases'

/** How often the replica is looked through for collisions found after the fact. */
export const POSSIBLY_TWICE_CHECK_MS = 15_000

/**
 * Looks through the team replica for requests possibly in payroll twice and marks this install's
 * (possiblyTwice.ts): once now, then every POSSIBLY_TWICE_CHECK_MS while a team is set up. Never sends.
 */
export function watchPossiblyTwice(team: () => TeamDatabases | null, repo: Pick<DraftsRepository, 'markPossiblyTwice'>, every = POSSIBLY_TWICE_CHECK_MS): () => void {
  let stopped = false
  let timer: ReturnType<typeof setTimeout> | undefined
  const check = async () => {
    const current = team()
    if (current) await checkOnce(current, repo).catch(() => undefined)
    if (!stopped) timer = setTimeout(() => void check(), every)
  }
  void check()
  return () => {
    stopped = true
    clearTimeout(timer)
  }
}

/** One look: answers how many of this install's requests were newly marked. */
export async function checkOnce(team: TeamDatabases, repo: Pick<DraftsRepository, 'markPossiblyTwice'>): Promise<number> {
  return repo.markPossiblyTwice(await findPossiblyTwice(team))
}
