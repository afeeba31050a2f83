import { afterEach, describe, expect, it } from 'vitest'
import { createServer, type AddressInfo, type Socket } from 'node:net'
import { createTeamClaims, SERVER_RETRY_AFTER_MS, type TeamClaims } from '../../renderer/src/team/teamClaims'
import type { TeamDatabases } from '../../renderer/src/team/teamDatabases'
import { claimDocId, teamClaimDocSchema } from '../../shared/team/teamClaimDoc'
import { openTeamDatabases, replicateOnce } from '../teamServer/teamHandles'
import { startTeamServer, type TeamServer } from '../teamServer/startTeamServer'
import { employeesOf, FILE_1001, queueDemoDrafts } from './testSupport/demoDrafts'
import { startSyncTestbed, type SyncTestbed } from './testSupport/syncTestbed'

/**
 * Two installs on one payroll file and one team server (a real CouchDB-protocol server on 127.0.0.1):
 * the claim each takes before an insert leaves, and what the clerk sees when a colleague's came first.
 */
const open: Array<{ close(): Promise<void> }> = []
afterEach(async () => {
  for (const thing of open.splice(0).reverse()) await thing.close()
})

const INSERTS = 'POST /Payroll/LeaveRequest'
/** What payroll holds: the file's leave requests as the sandbox stored them. */
const inPayroll = (testbed: SyncTestbed) => testbed.stack.sandbox.store.leaveRequests(1001).length
const OLIVIA = employeesOf(FILE_1001, 1)

async function teamServer(): Promise<TeamServer> {
  const server = await startTeamServer()
  open.push({ close: () => server.stop() })
  return server
}

function install(databaseUrl: string, installId: string, clerkName: string): { team: TeamDatabases; claims: TeamClaims; shared: boolean[] } {
  const team = openTeamDatabases(databaseUrl, { installId, clerkName })
  const shared: boolean[] = []
  const claims = createTeamClaims({ team: () => team, now: Date.now, onShared: (value) => shared.push(value), timeoutMs: 2_000 })
  return { team, claims, shared }
}

/** Install A with its own main; install B with a main of its own against A's payroll sandbox. */
async function twoInstalls(teamClaimsA: TeamClaims | undefined, teamClaimsB: TeamClaims | undefined): Promise<[SyncTestbed, SyncTestbed]> {
  const a = await startSyncTestbed({ ...(teamClaimsA ? { teamClaims: teamClaimsA } : {}) })
  open.push(a)
  const b = await startSyncTestbed({ stack: { sandbox: a.stack.sandbox }, ...(teamClaimsB ? { teamClaims: teamClaimsB } : {}) })
  open.push(b)
  return [a, b]
}

describe('the claim before an insert leaves (team ledger)', () => {
  it('stops the second clerk’s request for the same leave before payroll, naming who sent it', async () => {
    const server = await teamServer()
    const mia = install(`${server.url}/payroll-1001`, 'front-desk-1', 'Mia at FRONT-DESK-1')
    const ben = install(`${server.url}/payroll-1001`, 'front-desk-2', 'Ben at FRONT-DESK-2')
    const [a, b] = await twoInstalls(mia.claims, ben.claims)

    const [sentByMia] = await queueDemoDrafts(a.repo, OLIVIA, 1)
    expect(await a.runner.syncNow()).toMatchObject({ synced: 1 })
    const [sameByBen] = await queueDemoDrafts(b.repo, OLIVIA, 1)
    expect(await b.runner.syncNow()).toMatchObject({ synced: 0, needsAttention: 1 })

    // Payroll got Mia's request only: Ben's main was never asked.
    expect(inPayroll(a)).toBe(1)
    expect(a.stack.sandbox.stats.count(INSERTS)).toBe(1)
    const stopped = await b.repo.getDraft(sameByBen!.id)
    expect(stopped).toMatchObject({ status: 'needs-attention', colleagueClaim: { clerkName: 'Mia at FRONT-DESK-1', installId: 'front-desk-1' } })
    expect(stopped?.lastError?.message).toMatch(/^Mia at FRONT-DESK-1 sent this leave at \d{1,2}:\d{2}/)
    expect(b.bridge.log.posts).toHaveLength(0)

    // Mia's claim on the server carries her payroll number, for a collision found later.
    const miaDraft = await a.repo.getDraft(sentByMia!.id)
    const claim = teamClaimDocSchema.parse(await mia.team.remote.get(claimDocId({ employeeId: OLIVIA[0]!.employeeId, leaveTypePayItemId: OLIVIA[0]!.payItemId, startDate: sentByMia!.content.startDate, endDate: sentByMia!.content.endDate })))
    expect(claim).toMatchObject({ installId: 'front-desk-1', draftId: sentByMia!.id, serverId: miaDraft?.serverId })
  })

  it('sends it after “Send anyway”: the clerk knows it is a second request', async () => {
    const server = await teamServer()
    const mia = install(`${server.url}/payroll-1001`, 'front-desk-1', 'Mia at FRONT-DESK-1')
    const ben = install(`${server.url}/payroll-1001`, 'front-desk-2', 'Ben at FRONT-DESK-2')
    const [a, b] = await twoInstalls(mia.claims, ben.claims)
    await queueDemoDrafts(a.repo, OLIVIA, 1)
    await a.runner.syncNow()
    const [sameByBen] = await queueDemoDrafts(b.repo, OLIVIA, 1)
    await b.runner.syncNow()

    expect(await b.repo.sendAnyway(sameByBen!.id)).toMatchObject({ ok: true, value: { status: 'queued' } })
    expect(await b.runner.syncNow()).toMatchObject({ synced: 1 })
    expect(inPayroll(a)).toBe(2)
    // "Send anyway" is only for a request a colleague's claim stopped.
    expect(await b.repo.sendAnyway(sameByBen!.id)).toMatchObject({ ok: false })
  })

  it('a retry of this install’s own draft is not a collision; another draft of the same leave is', async () => {
    const server = await teamServer()
    const mia = install(`${server.url}/payroll-1001`, 'front-desk-1', 'Mia at FRONT-DESK-1')
    const body = { EmployeeId: 6001, LeaveTypePayItemId: 101, StartDate: '2026-12-07T00:00:00', EndDate: '2026-12-08T00:00:00', Status: 'Pending' as const }
    expect(await mia.claims.before('draft-1', body)).toEqual({ kind: 'go' })
    expect(await mia.claims.before('draft-1', body)).toEqual({ kind: 'go' })
    expect(await mia.claims.before('draft-2', body)).toMatchObject({ kind: 'colleague', clerkName: 'Mia at FRONT-DESK-1' })
  })

  it('sends on while the team server cannot be reached, keeps the claim locally and shares it once the server is back', async () => {
    const server = await teamServer()
    const port = server.port
    await server.stop()
    const mia = install(`http://127.0.0.1:${port}/payroll-1001`, 'front-desk-1', 'Mia at FRONT-DESK-1')
    const [a] = await twoInstalls(mia.claims, undefined)

    const [draft] = await queueDemoDrafts(a.repo, OLIVIA, 1)
    expect(await a.runner.syncNow()).toMatchObject({ synced: 1 })
    expect(a.stack.sandbox.stats.count(INSERTS)).toBe(1)
    expect(mia.shared).toEqual([false])
    const id = claimDocId({ employeeId: OLIVIA[0]!.employeeId, leaveTypePayItemId: OLIVIA[0]!.payItemId, startDate: draft!.content.startDate, endDate: draft!.content.endDate })
    const kept = teamClaimDocSchema.parse(await mia.team.local.get(id))
    expect(kept).toMatchObject({ draftId: draft!.id, serverId: (await a.repo.getDraft(draft!.id))?.serverId })

    // The server comes back on the same port: replication takes the claim there, where a colleague collides with it.
    const back = await startTeamServer({ port })
    open.push({ close: () => back.stop() })
    await replicateOnce(mia.team)
    const ben = install(`${back.url}/payroll-1001`, 'front-desk-2', 'Ben at FRONT-DESK-2')
    expect(await ben.claims.before('ben-draft', { EmployeeId: kept.employeeId, LeaveTypePayItemId: kept.leaveTypePayItemId, StartDate: kept.startDate, EndDate: kept.endDate, Status: 'Pending' })).toMatchObject({
      kind: 'colleague',
      clerkName: 'Mia at FRONT-DESK-1'
    })
  })

  it('a team server that does not answer holds requests back once, then is skipped for a while', async () => {
    const sockets: Socket[] = []
    const silent = createServer((socket) => void sockets.push(socket))
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    open.push({ close: () => new Promise<void>((resolve) => (sockets.forEach((socket) => socket.destroy()), silent.close(() => resolve()))) })
    const team = openTeamDatabases(`http://127.0.0.1:${(silent.address() as AddressInfo).port}/payroll-1001`, { installId: 'front-desk-1', clerkName: 'Mia' })
    let now = Date.UTC(2026, 11, 7, 9)
    const claims = createTeamClaims({ team: () => team, now: () => now, timeoutMs: 300 })
    const body = (day: string) => ({ EmployeeId: 6001, LeaveTypePayItemId: 101, StartDate: day, EndDate: day, Status: 'Pending' as const })

    expect(await claims.before('draft-1', body('2026-12-07'))).toEqual({ kind: 'go-unshared' })
    const asked = sockets.length
    expect(asked).toBeGreaterThan(0)
    now += SERVER_RETRY_AFTER_MS - 1
    expect(await claims.before('draft-2', body('2026-12-08'))).toEqual({ kind: 'go-unshared' })
    expect(sockets.length).toBe(asked)
    // Both claims kept in the replica, for replication to take to the server later.
    expect((await team.local.allDocs({ startkey: 'claim:', endkey: 'claim:\ufff0' })).rows).toHaveLength(2)
  })

  it('with no team server set up, sends exactly as before', async () => {
    const none = createTeamClaims({ team: () => null, now: Date.now })
    const [a] = await twoInstalls(none, undefined)
    await queueDemoDrafts(a.repo, OLIVIA, 1)
    expect(await a.runner.syncNow()).toMatchObject({ synced: 1 })
    expect(a.stack.sandbox.stats.count(INSERTS)).toBe(1)
  })
})
