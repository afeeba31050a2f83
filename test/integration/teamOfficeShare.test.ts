import { afterEach, describe, expect, it } from 'vitest'
import { ok } from '../../shared/apiError'
import type { OfficeShare } from '../../shared/ipc/officeShare'
import { createOfficeBudgetKeeper, JOIN_SETTLE_MS, SENDING_FRESH_MS } from '../../renderer/src/team/officeBudget'
import type { TeamDatabases } from '../../renderer/src/team/teamDatabases'
import { openTeamDatabases, replicateOnce } from '../teamServer/teamHandles'
import { startTeamServer, type TeamServer } from '../teamServer/startTeamServer'

/**
 * How a page learns its share of the office's rate budget from the team replica (a real team server),
 * and what it tells main: turns among the installs sending now, colleagues' spend today, and the safe
 * share while the team server is out of reach. Main's side is stood in for by its answer (own spend).
 */
let server: TeamServer | undefined
afterEach(async () => {
  await server?.stop()
  server = undefined
})

const DAY = Date.UTC(2026, 2, 2, 9)

function desk(url: string, installId: string, spent: { value: number }, clock: { now: number }, reachable: { value: boolean } = { value: true }, main: { quietSince: number | null; unreachable?: boolean } = { quietSince: 0 }) {
  const team = openTeamDatabases(url, { installId, clerkName: `Clerk at ${installId}` })
  const told: OfficeShare[] = []
  const keeper = createOfficeBudgetKeeper({
    team: () => team,
    fileId: () => 1001,
    share: async (share) => {
      if (main.unreachable) throw new Error('main did not answer')
      told.push(share)
      return ok({ day: share.day, spentToday: spent.value, wantsToSend: false, quietSince: main.quietSince })
    },
    now: () => clock.now,
    teamReachable: () => reachable.value
  })
  return { team, keeper, told }
}

async function replicateAll(...teams: TeamDatabases[]): Promise<void> {
  for (const team of teams) await replicateOnce(team)
  for (const team of teams) await replicateOnce(team)
}

describe('the office’s share, learnt from the team replica', () => {
  it('splits the turns among the installs sending now, and counts colleagues’ spend today', async () => {
    server = await startTeamServer()
    const url = `${server.url}/payroll-1001`
    const clock = { now: DAY }
    const a = desk(url, 'desk-a', { value: 30 }, clock)
    const b = desk(url, 'desk-b', { value: 12 }, clock)
    const idle = desk(url, 'desk-c', { value: 5 }, clock)
    await a.keeper.beat(true)
    await b.keeper.beat(true)
    await idle.keeper.beat(false)
    await replicateAll(a.team, b.team, idle.team)

    expect(await a.keeper.beat(true)).toMatchObject({ slot: 0, of: 2, othersSpentToday: 17, spentToday: 30, safeShare: false })
    expect(await b.keeper.beat(true)).toMatchObject({ slot: 1, of: 2, othersSpentToday: 35 })
    // Main is told when each counts in the turns: announced, plus time for everyone to hear of it.
    expect(b.told.at(-1)).toEqual({
      fileId: 1001,
      day: '2026-03-02',
      turnTakers: [
        { me: false, from: DAY + JOIN_SETTLE_MS, until: DAY + SENDING_FRESH_MS },
        { me: true, from: DAY + JOIN_SETTLE_MS, until: null }
      ],
      othersSpentToday: 35
    })

    // B stops sending: once its heartbeat is stale, A has the file's whole pace again.
    clock.now += SENDING_FRESH_MS + 1
    await a.keeper.beat(true)
    await replicateAll(a.team, b.team)
    expect(await a.keeper.beat(true)).toMatchObject({ slot: 0, of: 1 })
    // Main is still told of B, whose time in the turns just ended: main drops it at the start of the next
    // turn, as every colleague's main does, never mid-turn at this page's heartbeat.
    expect(a.told.at(-1)?.turnTakers.filter((taker) => !taker.me)).toEqual([{ me: false, from: DAY + JOIN_SETTLE_MS, until: DAY + SENDING_FRESH_MS }])
  })

  it('an install with nothing left lends its turns from its last answer, and coming back soon after keeps its place', async () => {
    server = await startTeamServer()
    const url = `${server.url}/payroll-1001`
    const clock = { now: DAY }
    const mainOfB: { quietSince: number | null; unreachable?: boolean } = { quietSince: null }
    const a = desk(url, 'desk-a', { value: 3 }, clock)
    const b = desk(url, 'desk-b', { value: 4 }, clock, { value: true }, mainOfB)
    await a.keeper.beat(true)
    await b.keeper.beat(true)
    await replicateAll(a.team, b.team)
    const bSending = { me: false, from: DAY + JOIN_SETTLE_MS, until: DAY + SENDING_FRESH_MS }

    // B's queue is done but a request of its main is still on its way: not yet lending.
    clock.now = DAY + 20_000
    await b.keeper.beat(false)
    expect(b.told.at(-1)?.turnTakers.find((taker) => taker.me)).toEqual({ me: true, from: null, until: null })
    await replicateAll(b.team, a.team)
    await a.keeper.beat(true)
    expect(a.told.at(-1)?.turnTakers[1]).toEqual(bSending)

    // Quiet, but main could not be told this install has nothing left (it may still send in its turns): not yet.
    mainOfB.quietSince = DAY + 20_500
    mainOfB.unreachable = true
    clock.now = DAY + 21_000
    await b.keeper.beat(false)
    await replicateAll(b.team, a.team)
    await a.keeper.beat(true)
    expect(a.told.at(-1)?.turnTakers[1]).toEqual(bSending)
    mainOfB.unreachable = false

    // Answered at 20.5 s: B lends its turns from then, and leaves everyone's two settling times later.
    clock.now = DAY + 22_000
    await b.keeper.beat(false)
    await replicateAll(b.team, a.team)
    await a.keeper.beat(true)
    expect(a.told.at(-1)?.turnTakers[1]).toEqual({ ...bSending, until: DAY + 20_500 + 2 * JOIN_SETTLE_MS, lendsSince: DAY + 20_500 })

    // Back within a settling time: same place in the turns for everyone, and its main sends a settling time on.
    clock.now = DAY + 24_000
    await b.keeper.beat(true)
    expect(b.told.at(-1)?.turnTakers.find((taker) => taker.me)).toEqual({ me: true, from: DAY + 24_000 + JOIN_SETTLE_MS, until: null })
    await replicateAll(b.team, a.team)
    await a.keeper.beat(true)
    expect(a.told.at(-1)?.turnTakers[1]).toEqual({ ...bSending, until: DAY + 24_000 + SENDING_FRESH_MS })

    // Nothing left again, and back only after a settling time: a new join, like any other.
    clock.now = DAY + 30_000
    await b.keeper.beat(false)
    clock.now = DAY + 30_000 + JOIN_SETTLE_MS
    await b.keeper.beat(true)
    await replicateAll(b.team, a.team)
    await a.keeper.beat(true)
    const rejoined = DAY + 30_000 + 2 * JOIN_SETTLE_MS
    expect(a.told.at(-1)?.turnTakers[1]).toEqual({ me: false, from: rejoined, until: clock.now + SENDING_FRESH_MS })
    expect(b.told.at(-1)?.turnTakers.find((taker) => taker.me)).toEqual({ me: true, from: rejoined, until: null })
  })

  it('out of reach of the team server: turns among every install that spent today, and colleagues assumed to spend as much as this one', async () => {
    server = await startTeamServer()
    const url = `${server.url}/payroll-1001`
    const clock = { now: DAY }
    const spentByA = { value: 10 }
    const reachable = { value: true }
    const a = desk(url, 'desk-a', spentByA, clock, reachable)
    const b = desk(url, 'desk-b', { value: 20 }, clock)
    const c = desk(url, 'desk-c', { value: 4 }, clock)
    await b.keeper.beat(true)
    await c.keeper.beat(false)
    await replicateAll(b.team, c.team, a.team)
    expect(await a.keeper.beat(true)).toMatchObject({ of: 2, othersSpentToday: 24 })

    reachable.value = false
    spentByA.value = 40
    await a.keeper.beat(true)
    // Last heard: colleagues 24, A 10. Since, A spent 30 more; each of the 2 colleagues is assumed to have too.
    expect(await a.keeper.beat(true)).toMatchObject({ slot: 0, of: 3, othersSpentToday: 24 + 30 * 2, safeShare: true })
  })

  it('with no team set up, tells main nothing', async () => {
    const told: OfficeShare[] = []
    const keeper = createOfficeBudgetKeeper({ team: () => null, fileId: () => 1001, share: async (share) => (told.push(share), ok({ day: share.day, spentToday: 0, wantsToSend: false })), now: () => DAY, teamReachable: () => false })
    expect(await keeper.beat(true)).toBeNull()
    expect(told).toEqual([])
  })
})
