import type { FoundTwice } from '../team/possiblyTwice'
import { markOf } from '../team/possiblyTwice'
import type { LeaveDeskDb } from './leaveDeskDb'
import type { RepositoryDeps } from './repositoryDeps'

/**
 * Puts "possibly in payroll twice" on this install's requests that a colleague's request for the same
 * leave may duplicate (team/possiblyTwice.ts), in one transaction. Only requests payroll holds are
 * marked; the status and everything else stay as they are. A mark whose colleague's copy was rejected
 * (`mark: null`) is taken off. Answers how many were newly marked or cleared.
 */
export function markPossiblyTwice(db: LeaveDeskDb, deps: Pick<RepositoryDeps, 'now'>, found: readonly FoundTwice[]): Promise<number> {
  if (found.length === 0) return Promise.resolve(0)
  return db.transaction('rw', db.drafts, async () => {
    let marked = 0
    for (const each of found) {
      const draft = await db.drafts.get(each.draftId)
      if (!draft || draft.deletedAt !== undefined) continue
      if (each.mark === null) {
        if (!draft.possiblyTwice) continue
        const { possiblyTwice: _cleared, ...unmarked } = draft
        await db.drafts.put(unmarked)
        marked += 1
        continue
      }
      const mark = markOf({ ...each, mark: each.mark }, draft, deps.now())
      if (!mark) continue
      await db.drafts.put({ ...draft, possiblyTwice: mark })
      marked += 1
    }
    return marked
  })
}
