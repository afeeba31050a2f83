import { afterEach, describe, expect, it } from 'vitest'
import { WORKING_STATUSES } from '../../renderer/src/db'
import { listDraftIds, listFirstDrafts } from '../../renderer/src/list/listDraftIds'
import { createPublisher } from '../../renderer/src/team/publishRequests'
import { createTeamClaims } from '../../renderer/src/team/teamClaims'
import { checkOnce } from '../../renderer/src/team/watchPossiblyTwice'
import { openTeamDatabases, replicateOnce } from '../teamServer/teamHandles'
import { startTeamServer } from '../teamServer/startTeamServer'
import { employeesOf, FILE_1001, queueDemoDrafts } from './testSupport/demoDrafts'
import { startSyncTestbed } from './testSupport/syncTestbed'

/**
 * Two clerks send the same leave while the team server is down (each claim kept in its replica, both
 * requests reach payroll); when the server is back and replication meets the two claims, both requests
 * are marked "possibly in payroll twice", each with both payroll numbers. Nothing is sent by it.
 */
const open: Array<{ close(): Promise<void> }> = []
afterEach(async () => {
  for (const thing of open.splice(0).reverse()) await thing.close()
})

describe('a collision found later (team ledger)', () => {
  it('both offline send the same leave → after reconnect both are flagged with both payroll numbers', async () => {
    const first = await startTeamServer()
    const port = first.port
    await first.stop()
    const url = `http://127.0.0.1:${port}/payroll-1001`
    const miaTeam = openTeamDatabases(url, { installId: 'front-desk-1', clerkName: 'Mia at FRONT-DESK-1' })
    const benTeam = openTeamDatabases(url, { installId: 'front-desk-2', clerkName: 'Ben at FRONT-DESK-2' })
    const a = await startSyncTestbed({ teamClaims: createTeamClaims({ team: () => miaTeam, now: Date.now }) })
    open.push(a)
    const b = await startSyncTestbed({ stack: { sandbox: a.stack.sandbox }, teamClaims: createTeamClaims({ team: () => benTeam, now: Date.now }) })
    open.push(b)

    const [byMia] = await queueDemoDrafts(a.repo, employeesOf(FILE_1001, 1), 1)
    const [byBen] = await queueDemoDrafts(b.repo, employeesOf(FILE_1001, 1), 1)
    expect(await a.runner.syncNow()).toMatchObject({ synced: 1 })
    expect(await b.runner.syncNow()).toMatchObject({ synced: 1 })
    expect(a.stack.sandbox.store.leaveRequests(1001)).toHaveLength(2)
    // Nothing to find while each replica holds only its own claim.
    expect(await checkOnce(miaTeam, a.repo)).toBe(0)

    const back = await startTeamServer({ port })
    open.push({ close: () => back.stop() })
    await replicateOnce(miaTeam)
    await replicateOnce(benTeam)
    await replicateOnce(miaTeam)
    expect(await checkOnce(miaTeam, a.repo)).toBe(1)
    expect(await checkOnce(benTeam, b.repo)).toBe(1)

    const mias = await a.repo.getDraft(byMia!.id)
    const bens = await b.repo.getDraft(byBen!.id)
    expect(mias).toMatchObject({ status: 'synced', possiblyTwice: { otherServerId: bens?.serverId, clerkName: 'Ben at FRONT-DESK-2' } })
    expect(bens).toMatchObject({ status: 'synced', possiblyTwice: { otherServerId: mias?.serverId, clerkName: 'Mia at FRONT-DESK-1' } })
    expect(mias?.serverId).not.toBe(bens?.serverId)
    // Found again, nothing changes; and the ledger sent nothing by itself.
    expect(await checkOnce(miaTeam, a.repo)).toBe(0)
    expect(a.stack.sandbox.stats.count('POST /Payroll/LeaveRequest')).toBe(2)

    // Mia's row is listed where she acts on it (Needs attention, All open), not only under Synced.
    const listed = async (statuses: Parameters<typeof listDraftIds>[2]['statuses']) => ({
      ids: await listDraftIds(a.repo.db, 1001, { statuses, search: '' }),
      first: (await listFirstDrafts(a.repo.db, 1001, { statuses, search: '' })).map((draft) => draft.id)
    })
    for (const statuses of [['needs-attention'], WORKING_STATUSES, ['synced']] as const) {
      expect(await listed(statuses)).toEqual({ ids: [byMia!.id], first: [byMia!.id] })
    }

    // Ben rejects his copy in payroll (the usual Reject); his Leave Desk publishes it to the ledger.
    const bensPublisher = createPublisher({ repo: b.repo, local: benTeam.local, me: benTeam.me, shareNotes: () => false })
    expect(await b.repo.inPayroll.decide(byBen!.id, 'Rejected', undefined, { holdMs: 0 })).toMatchObject({ ok: true })
    expect(await b.runner.syncNow()).toMatchObject({ synced: 1 })
    await bensPublisher.publish(byBen!.id)
    await replicateOnce(benTeam)
    await replicateOnce(miaTeam)

    // Mia's flag is taken off: one copy is left to pay. Her request is listed under Synced only again.
    expect(await checkOnce(miaTeam, a.repo)).toBe(1)
    expect(await a.repo.getDraft(byMia!.id)).not.toHaveProperty('possiblyTwice')
    expect(await listed(['needs-attention'])).toEqual({ ids: [], first: [] })
    expect(await listed(['synced'])).toEqual({ ids: [byMia!.id], first: [byMia!.id] })
    expect(await checkOnce(miaTeam, a.repo)).toBe(0)
  })
})
