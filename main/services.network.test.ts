import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createIpcDispatcher } from './ipcDispatch'
import { DEMO_CREDENTIALS, startSandbox } from './sandbox'
import { createServices } from './services'
import { openSettingsStore } from './settingsStore'
import { startTinyproxy } from './http/testSupport/tinyproxy'

/** The app's composition root with the office's network injected, as main/index.ts does with Electron's session. */
let dir: string
const opened: { close(): Promise<void> }[] = []
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'leave-desk-network-'))
})
afterEach(async () => {
  for (const item of opened.splice(0).reverse()) await item.close()
  await rm(dir, { recursive: true, force: true })
})

describe('createServices with the system proxy', () => {
  it('signs in and inserts against a remote payroll through the proxy the system names; testConnection too', async () => {
    const sandbox = await startSandbox({ port: 0 })
    opened.push(sandbox)
    const port = Number(new URL(sandbox.baseUrl).port)
    const proxy = await startTinyproxy({ connectPorts: [port] })
    opened.push(proxy)
    const settings = await openSettingsStore({ filePath: path.join(dir, 'settings.json') })
    const running = await createServices({
      settings,
      userDataDir: dir,
      appVersion: 'test',
      sandboxDataFile: null,
      envApiUrl: sandbox.baseUrl,
      network: { resolveProxy: async () => proxy.pacResult }
    })
    opened.push(running)
    const { services } = running

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
