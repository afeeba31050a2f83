import { afterEach, describe, expect, it, vi } from 'vitest'
import { teamRequestId, type TeamRequestDoc } from '../../../shared/team/teamRequestDoc'
import { OLIVIA_DEC } from '../../../shared/team/testSupport/teamRequestSamples'
import { MIN_ROUND_GAP_MS } from '../../../renderer/src/team/teamReplication'
import { teamStatusStore } from '../../../renderer/src/team/teamStatusStore'
import { teamPasswordOf } from '../../teamServer/teamServerUsers'
import { startTeamServer, type TeamServer } from '../../teamServer/startTeamServer'
import { openTeamComputer, setUpOffice, type TeamComputer } from '../../teamServer/teamComputers'

let server: TeamServer | undefined
const computers: TeamComputer[] = []
afterEach(async () => {
  for (const computer of computers.splice(0)) await computer.close()
  await server?.stop()
  server = undefined
})

async function office(...clerks: string[]): Promise<TeamComputer[]> {
  server = await startTeamServer()
  await setUpOffice(server, clerks)
  for (const clerk of clerks) computers.push(await openTeamComputer(server, clerk))
  return computers
}

function requestOf(computer: TeamComputer, n: number): TeamRequestDoc {
  const { installId, clerkName } = computer.ledger.databases.me
  const draftId = `draft-${n}`
  return { ...OLIVIA_DEC, _id: teamRequestId(installId, draftId), draftId, serverId: 1000 + n, enteredBy: { installId, clerkName }, changedBy: { installId, clerkName } }
}

async function publish(computer: TeamComputer, from: number, count: number): Promise<void> {
  const docs = Array.from({ length: count }, (_, index) => requestOf(computer, from + index))
  await computer.ledger.databases.local.bulkDocs(docs)
}

const seen = (computer: TeamComputer) => computer.ledger.requests.store.getState().byId.size
const converged = (count: number) => vi.waitFor(() => computers.forEach((computer) => expect(seen(computer), computer.name).toBe(count)), { timeout: 15_000, interval: 50 })

describe('the team ledger against a real CouchDB-protocol server', () => {
  it('a request A publishes reaches B’s checks, named with who entered it', async () => {
    const [ana, ben] = await office('ana', 'ben')
    await publish(ana!, 1, 1)
    await vi.waitFor(() => expect(ben!.ledger.requests.forEmployee(OLIVIA_DEC.employeeId)).toHaveLength(1), { timeout: 10_000, interval: 50 })
    expect(ben!.ledger.requests.forEmployee(OLIVIA_DEC.employeeId)[0]?.enteredBy.clerkName).toBe('ana at ANA-PC')
    await vi.waitFor(() => expect(teamStatusStore.getState().status.state).toBe('up-to-date'))
  })

  it('the team server killed mid-replication and restarted: nothing lost, the replicas converge', async () => {
    const [ana, ben] = await office('ana', 'ben')
    await publish(ana!, 1, 300)
    await vi.waitFor(() => expect(seen(ben!)).toBeGreaterThan(0), { timeout: 10_000, interval: 10 })
    const { port, store } = server!
    await server!.stop()
    // Both clerks go on while it is down.
    await publish(ana!, 301, 20)
    await publish(ben!, 1, 20)
    await vi.waitFor(() => expect(teamStatusStore.getState().status.state).toBe('unreachable'), { timeout: 10_000, interval: 20 })
    server = await startTeamServer({ port, store })
    await converged(340)
  })

  it('a clerk waiting out the back-off resumes at once when told the server may be back, not at its end', async () => {
    server = await startTeamServer()
    await setUpOffice(server, ['ana', 'ben'])
    const ana = await openTeamComputer(server, 'ana')
    computers.push(ana)
    // Ben's back-off never ends by itself (as if 30 s long); his clock is the test's to move.
    const backOffs: number[] = []
    const held = (ms: number, stop: AbortSignal) => new Promise<void>((resolve) => (backOffs.push(ms), stop.addEventListener('abort', () => resolve(), { once: true })))
    const clock = { ahead: 0 }
    const ben = await openTeamComputer(server, 'ben', { replication: { wait: held, now: () => Date.now() + clock.ahead } })
    computers.push(ben)
    await publish(ana, 1, 5)
    await vi.waitFor(() => expect(seen(ben)).toBe(5), { timeout: 10_000, interval: 20 })

    const { port, store } = server
    await server.stop()
    await vi.waitFor(() => expect(backOffs.length).toBeGreaterThan(0), { timeout: 10_000, interval: 20 })
    server = await startTeamServer({ port, store })
    await publish(ana, 6, 5)
    await vi.waitFor(async () => {
      const answer = await fetch(`${server!.url}/leave-desk-file-7`, { headers: { authorization: `Basic ${Buffer.from(`ana:${teamPasswordOf('ana')}`).toString('base64')}` } })
      expect(((await answer.json()) as { doc_count: number }).doc_count).toBe(10)
    }, { timeout: 10_000, interval: 50 })
    expect(seen(ben)).toBe(5)

    // The computer came online again, or Test team server succeeded: a second after the round that failed.
    clock.ahead += MIN_ROUND_GAP_MS
    ben.ledger.retryNow()
    await vi.waitFor(() => expect(seen(ben)).toBe(10), { timeout: 10_000, interval: 20 })
  })

  it('the team server lost its data: the replicas fill the new, empty database again', async () => {
    const [ana, ben] = await office('ana', 'ben')
    await publish(ana!, 1, 50)
    await publish(ben!, 1, 50)
    await converged(100)
    const { port } = server!
    await server!.stop()
    // IT restores the server from its set-up, without the documents (set up before it takes requests again).
    const restored = await startTeamServer()
    await setUpOffice(restored, ['ana', 'ben', 'cleo'])
    await restored.stop()
    server = await startTeamServer({ port, store: restored.store })
    await vi.waitFor(async () => {
      const answer = await fetch(`${server!.url}/leave-desk-file-7`, { headers: { authorization: `Basic ${Buffer.from('cleo:cleo-password').toString('base64')}` } })
      expect(((await answer.json()) as { doc_count: number }).doc_count).toBe(100)
    }, { timeout: 20_000, interval: 100 })
    computers.push(await openTeamComputer(server, 'cleo'))
    await converged(100)
  })

  it('hostile documents on the server are set aside, the good ones still arrive', async () => {
    const [ana, ben] = await office('ana', 'ben')
    const put = (id: string, body: string) =>
      fetch(`${server!.url}/leave-desk-file-7/${encodeURIComponent(id)}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body })
    const good = requestOf(ana!, 1)
    expect((await put('request:x:wrong', JSON.stringify({ ...good, _id: 'request:x:wrong', employeeId: 'Olivia' }))).status).toBe(201)
    expect((await put('request:x:huge', JSON.stringify({ ...good, _id: 'request:x:huge', employeeName: 'x'.repeat(200_000) }))).status).toBe(201)
    expect((await put('request:x:proto', `{"_id":"request:x:proto","__proto__":{"isAdmin":true},"type":"request"}`)).status).toBe(201)
    await publish(ana!, 1, 1)
    await vi.waitFor(() => expect(seen(ben!)).toBe(1), { timeout: 10_000, interval: 50 })
    await vi.waitFor(() => expect(teamStatusStore.getState().setAside.map((doc) => doc.id).sort()).toEqual(['request:x:huge', 'request:x:proto', 'request:x:wrong']), { timeout: 10_000, interval: 50 })
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined()
  })
})
