import { describe, expect, it, vi } from 'vitest'
import { ipcChannels, type InvokeName } from '../shared/ipc'
import { DEMO_CREDENTIALS, startSandbox, type Sandbox } from './sandbox'
import type { RunningServices } from './services'
import { boundPage } from './testSupport/boundPage'
import { tempWorkspace } from './testSupport/tempWorkspace'

/**
 * A page reloads while its insert is on the wire. The reloaded page must learn that the request is still
 * out (so it holds "Send again"), and then collect its answer, instead of marking the draft Uncertain
 * and inviting a duplicate. Real HTTP to a sandbox standing in for a remote payroll, real IPC binding,
 * and the reload through the same per-page abort that drops writes still waiting their turn.
 */
const INSERT = 'POST /Payroll/LeaveRequest'
const workspace = tempWorkspace('leave-desk-writes-')

async function signedInStack(): Promise<{ sandbox: Sandbox; running: RunningServices; page: ReturnType<typeof boundPage> }> {
  const sandbox = workspace.closeLater(await startSandbox({ port: 0 }))
  const running = await workspace.startServices({ envApiUrl: sandbox.baseUrl })
  const page = boundPage(running.services)
  workspace.closeLater({ close: async () => page.dispose() })
  expect(await page.invoke('signInWithPassword', DEMO_CREDENTIALS.clerk.username, DEMO_CREDENTIALS.clerk.password)).toMatchObject({ ok: true })
  return { sandbox, running, page }
}

/** Olivia's (6001) annual leave in file 1001 of the demo data. */
const leave = (notes: string) => ({
  LeaveTypePayItemId: 101,
  EmployeeId: 6001,
  StartDate: '2026-03-02T00:00:00+10:00',
  EndDate: '2026-03-03T00:00:00+10:00',
  Status: 'Pending' as const,
  Notes: notes
})

async function call<T>(page: ReturnType<typeof boundPage>, name: InvokeName, ...args: unknown[]): Promise<T> {
  const result = await page.invoke(name, ...args)
  expect(ipcChannels[name].output.safeParse(result).success, name).toBe(true)
  if (!result.ok) throw new Error(`${name}: ${result.error.code} ${result.error.message}`)
  return result.value as T
}

describe('writes in flight across a page reload', () => {
  it('lists the write while it is on the wire, then hands its late answer to the reloaded page once', async () => {
    const { sandbox, running, page } = await signedInStack()
    sandbox.faults.add({ kind: 'latency', ms: 1_200, route: INSERT, times: 1 })

    const lost = page.invoke('insertLeaveRequest', 1001, leave('slow one'), 'draft-7:1')
    await vi.waitFor(() => expect(sandbox.stats.count(INSERT)).toBe(1), { timeout: 5_000, interval: 20 })
    expect(running.writes.count()).toBe(1)
    page.reload()

    // The reloaded page asks: still on the wire, no answer yet.
    const out = await call<{ requestKey: string; startedAt: number }[]>(page, 'listWritesInFlight')
    expect(out.map((w) => w.requestKey)).toEqual(['draft-7:1'])
    expect(await call(page, 'takeSettledWrites')).toEqual([])

    expect(await running.writes.whenSettled(10_000)).toBe(true)
    await lost // the old page never sees this; the registry kept it
    expect(await call(page, 'listWritesInFlight')).toEqual([])
    const settled = await call<{ requestKey: string; outcome: { ok: boolean; value?: { Id?: number } } }[]>(
      page,
      'takeSettledWrites'
    )
    expect(settled).toHaveLength(1)
    expect(settled[0]).toMatchObject({ requestKey: 'draft-7:1', outcome: { ok: true } })
    const stored = sandbox.store.leaveRequests(1001).filter((r) => r.Notes === 'slow one')
    expect(stored).toHaveLength(1)
    expect(settled[0]?.outcome.value?.Id).toBe(stored[0]?.Id)
    // Handed out once.
    expect(await call(page, 'takeSettledWrites')).toEqual([])
  })

  it('keeps nothing for a page that received its answer, and lists writes sent without a key nowhere', async () => {
    const { sandbox, running, page } = await signedInStack()
    expect(await page.invoke('insertLeaveRequest', 1001, leave('answered'), 'draft-8:1')).toMatchObject({ ok: true })
    sandbox.faults.add({ kind: 'latency', ms: 600, route: INSERT, times: 1 })
    const unnamed = page.invoke('insertLeaveRequest', 1001, leave('no key'))
    await vi.waitFor(() => expect(running.writes.count()).toBe(1), { timeout: 5_000, interval: 20 })
    expect(await call(page, 'listWritesInFlight')).toEqual([])
    expect(await running.writes.whenSettled(5)).toBe(false)
    expect(await unnamed).toMatchObject({ ok: true })
    expect(running.writes.count()).toBe(0)
    expect(await call(page, 'takeSettledWrites')).toEqual([])
  })

  it('refuses a request key that is not a short text', async () => {
    const { page } = await signedInStack()
    expect(await page.invoke('insertLeaveRequest', 1001, leave('x'), 42)).toMatchObject({
      ok: false,
      error: { code: 'bad-input', details: { field: 'requestKey' } }
    })
    expect(await page.invoke('insertLeaveRequest', 1001, leave('x'), 'k'.repeat(201))).toMatchObject({ ok: false, error: { code: 'bad-input' } })
  })

  it('renounces a key it never received: a call of the old page arriving afterwards is refused, never sent', async () => {
    const { sandbox, page } = await signedInStack()
    const { bootId } = await call<{ bootId: string }>(page, 'getMainBoot')
    expect(await call(page, 'insertLeaveRequest', 1001, leave('went out'), 'draft-9:1.aa')).toMatchObject({ Id: expect.any(Number) })
    page.reload()

    const answer = await call<{ renounced: string[] }>(page, 'renounceWrites', bootId, ['draft-9:1.aa', 'draft-10:1.bb'])
    expect(answer.renounced).toEqual(['draft-10:1.bb'])
    // A call of the page before the reload, still on its way when main renounced its key.
    expect(await page.invoke('insertLeaveRequest', 1001, leave('claimed ahead'), 'draft-10:1.bb')).toMatchObject({
      ok: false,
      error: { code: 'network', details: { cause: 'renounced' } }
    })
    expect(sandbox.store.leaveRequests(1001).filter((r) => r.Notes === 'claimed ahead')).toEqual([])
    expect(sandbox.stats.count(INSERT)).toBe(1)
    // Claimed under another run of main: nothing is renounced.
    expect(await page.invoke('renounceWrites', 'an-earlier-run', ['draft-11:1.cc'])).toMatchObject({ ok: false, error: { code: 'conflict' } })
  })
})
