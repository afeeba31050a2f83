import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { claimDocFor, type TeamClaimDoc } from '../../../shared/team/teamClaimDoc'
import type { FoundTwice } from './possiblyTwice'
import type { TeamDatabases, TeamDb, TeamDoc } from './teamDatabases'
import { POSSIBLY_TWICE_CHECK_MS, watchPossiblyTwice } from './watchPossiblyTwice'

/**
 * The watch finds a collision as soon as replication brings it (a claim changed in the replica), not at
 * the next 15-second look: the clerk who just got the team server back sees "possibly in payroll twice"
 * at once. Fake timers: nothing here waits on the clock.
 */
const OLIVIA = { employeeId: 1001, leaveTypePayItemId: 11, startDate: '2026-12-07', endDate: '2026-12-08' }
const MINE = { ...claimDocFor(OLIVIA, { installId: 'ben-pc', clerkName: 'ben at BEN-PC', draftId: 'd-ben', claimedAt: 1 }), _rev: '1-b', serverId: 502 }
const ANAS = { ...claimDocFor(OLIVIA, { installId: 'ana-pc', clerkName: 'ana at ANA-PC', draftId: 'd-ana', claimedAt: 1 }), _rev: '1-a', serverId: 501 }

/** A replica holding Ben's claim, and (once `collide()` is called) Ana's as its conflicting revision. */
function replica() {
  let conflict: TeamClaimDoc | null = null
  const local = {
    allDocs: () => Promise.resolve({ rows: [{ id: MINE._id, value: { rev: MINE._rev }, doc: { ...MINE, ...(conflict ? { _conflicts: [conflict._rev] } : {}) } as TeamDoc }] }),
    get: () => Promise.resolve(conflict as TeamDoc)
  } as unknown as TeamDb
  const team: TeamDatabases = { local, remote: local, me: { installId: 'ben-pc', clerkName: 'ben at BEN-PC' } }
  return { team, collide: () => (conflict = ANAS) }
}

function claimChanges() {
  const listeners = new Set<() => void>()
  return {
    subscribe: (listener: () => void) => (listeners.add(listener), () => listeners.delete(listener)),
    fire: () => listeners.forEach((listener) => listener()),
    count: () => listeners.size
  }
}

describe('watching for requests possibly in payroll twice', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('a claim arriving in the replica is looked at at once, not at the next timed look', async () => {
    const { team, collide } = replica()
    const marked: (readonly FoundTwice[])[] = []
    const repo = { markPossiblyTwice: (found: readonly FoundTwice[]) => (marked.push(found), Promise.resolve(found.length)) }
    const changes = claimChanges()
    const stop = watchPossiblyTwice(() => team, repo, { claimChanged: changes.subscribe })
    await vi.advanceTimersByTimeAsync(0)
    expect(marked).toEqual([[]])

    collide()
    changes.fire()
    await vi.advanceTimersByTimeAsync(0)
    expect(marked.at(-1)).toEqual([{ draftId: 'd-ben', mark: { otherServerId: 501, clerkName: 'ana at ANA-PC' } }])
    expect(marked).toHaveLength(2)

    // The timed look still comes, a full period after the last one.
    await vi.advanceTimersByTimeAsync(POSSIBLY_TWICE_CHECK_MS)
    expect(marked).toHaveLength(3)
    stop()
    expect(changes.count()).toBe(0)
    await vi.advanceTimersByTimeAsync(POSSIBLY_TWICE_CHECK_MS * 2)
    expect(marked).toHaveLength(3)
  })

  it('a change during a look asks for one more look, never two at once', async () => {
    const { team, collide } = replica()
    let inLook = 0
    let most = 0
    const looks: number[] = []
    let finishFirst: (() => void) | undefined
    const repo = {
      markPossiblyTwice: async (found: readonly FoundTwice[]) => {
        inLook += 1
        most = Math.max(most, inLook)
        if (!finishFirst && looks.length === 0) await new Promise<void>((resolve) => (finishFirst = resolve))
        looks.push(found.length)
        inLook -= 1
        return found.length
      }
    }
    const changes = claimChanges()
    const stop = watchPossiblyTwice(() => team, repo, { claimChanged: changes.subscribe })
    await vi.advanceTimersByTimeAsync(0)
    collide()
    changes.fire()
    changes.fire()
    finishFirst?.()
    await vi.advanceTimersByTimeAsync(0)
    expect(looks).toEqual([0, 1])
    expect(most).toBe(1)
    stop()
  })
})
