import { describe, expect, it } from 'vitest'
import { createIpcDispatcher } from './ipc/ipcDispatch'
import { DEMO_CREDENTIALS, startSandbox } from './sandbox'
import { startTinyproxy } from './http/testSupport/tinyproxy'
import { tempWorkspace } from './testSupport/tempWorkspace'

/** The app's composition root with the office's network injected, as main/index.ts does with Electron's session. */
const workspace = tempWorkspace('leave-desk-network-')

describe('createServices with the system proxy', () => {
  it('signs in and inserts against a remote payroll through the proxy the system names; testConnection too', async () => {
    const sandbox = workspace.closeLater(await startSandbox({ port: 0 }))
    const port = Number(new URL(sandbox.baseUrl).port)
    const proxy = workspace.closeLater(await startTinyproxy({ connectPorts: [port] }))
    const { services } = await workspace.startServices({ envApiUrl: sandbox.baseUrl, network: { resolveProxy: async () => proxy.pacResult } })

    expect(await services.signInWithPassword(DEMO_CREDENTIALS.clerk.username, DEMO_CREDENTIALS.clerk.password)).toMatchObject({ ok: true })
    const insert = await services.insertLeaveRequest(1001, {
      LeaveTypePayItemId: 101,
      EmployeeId: 6001,
      StartDate: '2026-03-02T00:00:00+10:00',
      EndDate: '2026-03-03T00:00:00+10:00',
      Status: 'Pending',
      Notes: 'through the office proxy'
    })
    expect(insert).toMatchObject({ ok: true })
    expect(sandbox.store.leaveRequests(1001).filter((r) => r.Notes === 'through the office proxy')).toHaveLength(1)
    expect(await proxy.log()).toContain(`CONNECT 127.0.0.1:${port} HTTP/1.1`)

    expect(await services.testConnection(sandbox.baseUrl)).toMatchObject({ ok: true, value: { looksLikePayroll: true } })
    // Through IPC an address is checked by the settings rule first: http only to this computer.
    const dispatch = createIpcDispatcher(services)
    expect(await dispatch('testConnection', ['http://payroll.example.com'])).toMatchObject({ ok: false, error: { code: 'bad-input' } })
  })
})
