import { describe, expect, it } from 'vitest'
import { ok } from '../../../shared/apiError'
import { officeShareSchema, type OfficeShare } from '../../../shared/ipc/officeShare'
import { spendDocId } from '../../../shared/team/teamSpendDoc'
import { createOfficeBudgetKeeper } from '../../../renderer/src/team/officeBudget'
import type { TeamDatabases, TeamDb } from '../../../renderer/src/team/teamDatabases'
import { NodePouch } from '../../teamServer/pouchdbForNode'

/**
 * Colleagues' spend documents come from the team server: one that is not a usable spend (times past any
 * date, counts past any quota) must never stop this install's share from reaching main. Main validates the
 * share at IPC; rejected, main keeps no turns for the file and paces this install as if it were alone,
 * while its colleagues take turns (two requests to the file within a second: a 429).
 */
const FILE_ID = 7
const NOW = Date.UTC(2026, 2, 2, 9)
const DAY = '2026-03-02'
const ME = { installId: 'desk-mia', clerkName: 'mia at FRONT-DESK-1' }
let replicas = 0

async function replicaHolding(docs: object[]): Promise<TeamDatabases> {
  replicas += 1
  const local = new NodePouch(`spend-docs-${process.pid}-${replicas}`, { adapter: 'memory' }) as TeamDb
  for (const doc of docs) await local.put(doc as never)
  return { local, remote: local, me: ME }
}

function spend(installId: string, extra: object): object {
  return { _id: spendDocId(installId, DAY), type: 'spend', installId, clerkName: `${installId} at PC`, day: DAY, count: 3, ...extra }
}

/** The shares main would take: parsed as the IPC contract does. */
async function sharesToldBy(team: TeamDatabases): Promise<OfficeShare[]> {
  const accepted: OfficeShare[] = []
  const keeper = createOfficeBudgetKeeper({
    team: () => team,
    fileId: () => FILE_ID,
    share: async (share) => {
      const parsed = officeShareSchema.safeParse(share)
      if (parsed.success) accepted.push(parsed.data)
      return ok({ day: DAY, spentToday: 0, wantsToSend: false, quietSince: null })
    },
    now: () => NOW,
    teamReachable: () => true
  })
  await keeper.beat(true)
  return accepted
}

describe('colleagues’ spend documents read from the replica', () => {
  it('a colleague sending now is in the turns told to main', async () => {
    const team = await replicaHolding([spend('desk-ben', { sendingAt: NOW - 1_000, sendingSince: NOW - 60_000 })])
    const [share] = await sharesToldBy(team)
    expect(share?.turnTakers).toHaveLength(2)
  })

  it('one with a time past any date is set aside; the share still reaches main, with the good colleague in it', async () => {
    const team = await replicaHolding([
      spend('desk-ben', { sendingAt: NOW - 1_000, sendingSince: NOW - 60_000 }),
      spend('desk-eve', { sendingAt: NOW - 1_000, sendingSince: 8_639_999_999_999_000 }),
      spend('desk-zed', { sendingAt: 8_639_999_999_999_000, stoppedAt: 8_639_999_999_999_000 })
    ])
    const [share] = await sharesToldBy(team)
    expect(share?.turnTakers).toHaveLength(2)
  })

  it('counts past any quota still reach main, as spent past the quota', async () => {
    const team = await replicaHolding([spend('desk-ben', { count: 9_000_000 }), spend('desk-eve', { count: 9_000_000 })])
    const [share] = await sharesToldBy(team)
    expect(share?.othersSpentToday).toBeGreaterThanOrEqual(1_000_000)
  })
})
