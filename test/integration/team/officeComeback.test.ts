import { describe, expect, it } from 'vitest'
import { ok } from '../../../shared/apiError'
import type { OfficeShare } from '../../../shared/ipc/officeShare'
import { spendDocId, teamSpendDocSchema } from '../../../shared/team/teamSpendDoc'
import { createOfficeBudgetKeeper, JOIN_SETTLE_MS } from '../../../renderer/src/team/officeBudget'
import type { TeamDatabases, TeamDb } from '../../../renderer/src/team/teamDatabases'
import { NodePouch } from '../../teamServer/pouchdbForNode'

/**
 * An install that said it had nothing left stays in every colleague's turns (lending them) until two
 * settling times after it stopped. Coming back after the first settling time, it cannot keep its place
 * (colleagues may not hear before it leaves), and it must not start a new stretch at once either: a
 * colleague that has heard of the new stretch drops it from the turns now, one that has not keeps it,
 * and with three installs the two count different turns as theirs (two requests in one second: a 429).
 * It waits, still lending, until it has left everyone's turns, then joins like anyone else.
 */
const T0 = Date.UTC(2026, 2, 2, 9)
const DAY = '2026-03-02'
const ME = { installId: 'desk-lee', clerkName: 'lee at FRONT-DESK-3' }
let replicas = 0

function lendingInstall() {
  replicas += 1
  const local = new NodePouch(`comeback-${process.pid}-${replicas}`, { adapter: 'memory' }) as TeamDb
  const team: TeamDatabases = { local, remote: local, me: ME }
  const clock = { now: T0, quietSince: null as number | null, reachable: true }
  const told: OfficeShare[] = []
  const keeper = createOfficeBudgetKeeper({
    team: () => team,
    fileId: () => 7,
    share: async (share) => (told.push(share), ok({ day: DAY, spentToday: 0, wantsToSend: false, quietSince: clock.quietSince })),
    now: () => clock.now,
    teamReachable: () => clock.reachable
  })
  const ownDoc = async () => teamSpendDocSchema.parse(await local.get(spendDocId(ME.installId, DAY)))
  const ownFromToldMain = () => told.at(-1)?.turnTakers.find((taker) => taker.me)?.from
  return { keeper, clock, ownDoc, ownFromToldMain }
}

async function sentThenStopped() {
  const install = lendingInstall()
  await install.keeper.beat(true)
  install.clock.now = T0 + 5_000
  install.clock.quietSince = T0 + 4_000
  await install.keeper.beat(false)
  expect(await install.ownDoc()).toMatchObject({ sendingSince: T0, stoppedAt: T0 + 4_000 })
  return install
}

describe('an install coming back after lending its turns', () => {
  it('within a settling time of stopping, keeps its place and sends a settling time after saying so', async () => {
    const { keeper, clock, ownDoc, ownFromToldMain } = await sentThenStopped()
    clock.now = T0 + 4_000 + JOIN_SETTLE_MS - 1_000
    await keeper.beat(true)
    expect(ownFromToldMain()).toBe(clock.now + JOIN_SETTLE_MS)
    const doc = await ownDoc()
    expect(doc.sendingSince).toBe(T0)
    expect(doc.stoppedAt).toBeUndefined()
  })

  it('later, while still in colleagues’ turns, keeps lending and main keeps holding its requests', async () => {
    const { keeper, clock, ownDoc, ownFromToldMain } = await sentThenStopped()
    clock.now = T0 + 4_000 + JOIN_SETTLE_MS + 2_000
    await keeper.beat(true)
    expect(ownFromToldMain()).toBeNull()
    expect(await ownDoc()).toMatchObject({ sendingSince: T0, stoppedAt: T0 + 4_000 })

    // Out of everyone's turns: it joins as a new stretch, taking turns a settling time on.
    clock.now = T0 + 4_000 + 2 * JOIN_SETTLE_MS
    await keeper.beat(true)
    expect(ownFromToldMain()).toBe(clock.now + JOIN_SETTLE_MS)
    const doc = await ownDoc()
    expect(doc.sendingSince).toBe(clock.now)
    expect(doc.stoppedAt).toBeUndefined()
  })

  it('out of reach of the team server, waits until it has left colleagues’ turns: its heir cannot hear it come back', async () => {
    const { keeper, clock, ownFromToldMain } = await sentThenStopped()
    clock.reachable = false
    clock.now = T0 + 4_000 + 1_000
    await keeper.beat(true)
    expect(ownFromToldMain()).toBeNull()
    clock.now = T0 + 4_000 + JOIN_SETTLE_MS + 1_000
    await keeper.beat(true)
    expect(ownFromToldMain()).toBeNull()

    // Gone from everyone's turns (two settling times after it stopped): the safe share, sending at once.
    clock.now = T0 + 4_000 + 2 * JOIN_SETTLE_MS
    await keeper.beat(true)
    expect(ownFromToldMain()).toBe(0)
  })
})
