import { describe, expect, it, vi } from 'vitest'
import { ipcChannels, type InvokeName } from '../shared/ipc'
import { OTHER_PAYROLL_CAUSE } from '../shared/ipc/writesInFlight'
import { DEMO_CREDENTIALS, startSandbox, type Sandbox } from './sandbox'
import type { RunningServices } from './services'
import { boundPage } from './testSupport/boundPage'
import { tempWorkspace } from './testSupport/tempWorkspace'

/**
 * A page reloads while its insert is on the wire. The reloaded page must learn that the request is still
 * out (so it holds "Send again"), and then collect its answer, instead of marking the draft Uncertain
 * and inviting a duplicate. Real HTTP to a sandbox standing in for a remote payroll, real IPC binding,
 * and the reload through the per-page abort.
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

  it('sends a request key once: three sends of one key make one record, each answered with its outcome', async () => {
    const { sandbox, page } = await signedInStack()
    const answers = await Promise.all([1, 2].map(() => page.invoke('insertLeaveRequest', 1001, leave('one key'), 'draft-9:1')))
    answers.push(await page.invoke('insertLeaveRequest', 1001, leave('one key'), 'draft-9:1'))
    const stored = sandbox.store.leaveRequests(1001).filter((r) => r.Notes === 'one key')
    expect(stored).toHaveLength(1)
    expect(sandbox.stats.count(INSERT)).toBe(1)
    for (const answer of answers) expect(answer).toMatchObject({ ok: true, value: { Id: stored[0]?.Id } })
  })
})

describe('a write for one payroll never reaches another', () => {
  it('across a switch: the write out finishes at its own payroll, one sent after it is refused', async () => {
    const payrollA = workspace.closeLater(await startSandbox({ port: 0 }))
    const payrollB = workspace.closeLater(await startSandbox({ port: 0 }))
    const running = await workspace.startServices()
    const page = boundPage(running.services)
    workspace.closeLater({ close: async () => page.dispose() })
    await call(page, 'updateSettings', { apiBaseUrl: payrollA.baseUrl })
    await call(page, 'signInWithPassword', DEMO_CREDENTIALS.clerk.username, DEMO_CREDENTIALS.clerk.password)
    const forA = payrollA.baseUrl

    payrollA.faults.add({ kind: 'latency', ms: 400, route: INSERT, times: 1 })
    const outToA = page.invoke('insertLeaveRequest', 1001, leave('for A'), 'draft-20:1', forA)
    await vi.waitFor(() => expect(payrollA.stats.count(INSERT)).toBe(1), { timeout: 5_000, interval: 10 })
    const switching = page.invoke('updateSettings', { apiBaseUrl: payrollB.baseUrl })
    // Asked while the switch is under way: it reaches A (before the hold) or is refused, never B.
    const during = await page.invoke('insertLeaveRequest', 1001, leave('for A, during'), 'draft-21:1', forA)
    expect(await outToA).toMatchObject({ ok: true })
    expect(await switching).toMatchObject({ ok: true })

    await call(page, 'signInWithPassword', DEMO_CREDENTIALS.clerk.username, DEMO_CREDENTIALS.clerk.password)
    expect(await page.invoke('insertLeaveRequest', 1001, leave('for A, after'), 'draft-22:1', forA)).toMatchObject({
      ok: false,
      error: { code: 'network', details: { cause: OTHER_PAYROLL_CAUSE } }
    })
    expect(payrollB.stats.count(INSERT)).toBe(0)
    expect(payrollA.store.leaveRequests(1001).filter((r) => (r.Notes ?? '').startsWith('for A'))).toHaveLength(during.ok ? 2 : 1)
    if (!during.ok) expect(during.error.code).toBe('network')
    // Written for B, it goes to B.
    expect(await page.invoke('insertLeaveRequest', 1001, leave('for B'), 'draft-23:1', payrollB.baseUrl)).toMatchObject({ ok: true })
    expect(payrollB.stats.count(INSERT)).toBe(1)
  })
})
