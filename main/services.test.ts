import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ApiResult } from '../shared/apiError'
import { ipcChannels, type InvokeName, type SessionStatus } from '../shared/ipc'
import { NOT_SENT_ASKER_GONE_MESSAGE } from './api/apiClient'
import { aesGcmTestCipher } from './auth/testSupport/aesGcmTestCipher'
import { DEMO_CREDENTIALS, startSandbox, type Sandbox } from './sandbox'
import { createIpcDispatcher } from './ipc/ipcDispatch'
import { createServices, type RunningServices } from './services'
import { openSettingsStore } from './settingsStore'

let dir: string
const opened: { close(): Promise<void> }[] = []

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'leave-desk-services-'))
})
afterEach(async () => {
  for (const item of opened.splice(0).reverse()) await item.close()
  await rm(dir, { recursive: true, force: true })
})

async function start(options: { envApiUrl?: string; sleep?: (ms: number) => Promise<void> } = {}): Promise<RunningServices> {
  const settings = await openSettingsStore({ filePath: path.join(dir, 'settings.json') })
  const running = await createServices({ settings, userDataDir: dir, appVersion: '0.1.0-test', sandboxDataFile: null, ...options })
  opened.push(running)
  return running
}

async function remoteSandbox(): Promise<Sandbox> {
  const sandbox = await startSandbox({ port: 0 })
  opened.push(sandbox)
  return sandbox
}

/** Every answer must match the contract's output schema, or the renderer would be lied to. */
function conforms<T>(name: InvokeName, result: ApiResult<T>): ApiResult<T> {
  const parsed = ipcChannels[name].output.safeParse(result)
  expect(parsed.success, `${name}: ${JSON.stringify(parsed.error?.issues.slice(0, 2))}`).toBe(true)
  return result
}

function dataOf<T>(result: ApiResult<T>): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.code}: ${result.error.message}`)
  return result.value
}

const body = {
  LeaveTypePayItemId: 101,
  EmployeeId: 1001,
  StartDate: '2026-03-02T00:00:00+10:00',
  EndDate: '2026-03-03T00:00:00+10:00',
  Status: 'Pending' as const,
  Notes: 'Dentist'
}

/** A request the sandbox accepts: a real leave type and an active employee of file 1001. */
async function validBody(services: RunningServices['services']) {
  const payItem = dataOf(await services.listEntitlements(1001)).find((item) => item.Name === 'Annual Leave')
  const employee = dataOf(await services.listEmployees(1001)).find((e) => e.IsActive)
  return { ...body, LeaveTypePayItemId: payItem?.Id ?? 0, EmployeeId: employee?.Id ?? 0 }
}

describe('createServices with no API address', () => {
  it('runs the embedded sandbox on 127.0.0.1 and says so, with the demo credentials', async () => {
    const { services } = await start()
    const info = dataOf(conforms('getAppInfo', await services.getAppInfo()))
    expect(info).toMatchObject({
      name: 'Leave Desk',
      version: '0.1.0-test',
      backend: { kind: 'embedded-sandbox', demoCredentials: { clerk: DEMO_CREDENTIALS.clerk, legacyKey: DEMO_CREDENTIALS.legacyKey } }
    })
    expect(info.backend.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
  })

  it('signs in with the demo credentials, lists files and entitlements, inserts a leave request, and signs out', async () => {
    const { services } = await start()
    const events: SessionStatus[] = []
    services.onSessionChanged((status) => events.push(status))
    expect(dataOf(conforms('getSessionStatus', await services.getSessionStatus()))).toMatchObject({ state: 'signed-out' })

    const signedIn = dataOf(conforms('signInWithPassword', await services.signInWithPassword(DEMO_CREDENTIALS.clerk.username, DEMO_CREDENTIALS.clerk.password)))
    expect(signedIn).toMatchObject({ state: 'signed-in', method: 'oauth', username: DEMO_CREDENTIALS.clerk.username, fileIds: [1001, 1002] })
    expect(events.at(-1)).toMatchObject({ state: 'signed-in' })
    expect(JSON.stringify(signedIn)).not.toMatch(/token/i)

    expect(dataOf(conforms('listFiles', await services.listFiles()))).toEqual([1001, 1002])
    const payItems = dataOf(conforms('listEntitlements', await services.listEntitlements(1001)))
    expect(payItems.map((item) => item.Name)).toContain('Annual Leave')
    const employees = dataOf(conforms('listEmployees', await services.listEmployees(1001)))
    expect(employees.length).toBeGreaterThan(0)
    expect(employees[0]?.LeaveBalances?.length).toBeGreaterThan(0)
    expect(dataOf(conforms('listContacts', await services.listContacts(1001))).length).toBeGreaterThan(25)
    expect(dataOf(conforms('getConnectivityStatus', await services.getConnectivityStatus()))).toMatchObject({ state: 'reachable' })

    const annualLeave = payItems.find((item) => item.Name === 'Annual Leave')
    const employee = employees.find((e) => e.IsActive)
    const inserted = dataOf(
      conforms('insertLeaveRequest', await services.insertLeaveRequest(1001, { ...body, LeaveTypePayItemId: annualLeave?.Id ?? 0, EmployeeId: employee?.Id ?? 0 }))
    )
    expect(inserted.Id).toBeGreaterThan(0)
    const stored = dataOf(conforms('getLeaveRequest', await services.getLeaveRequest(1001, inserted.Id)))
    expect(stored).toMatchObject({ Id: inserted.Id, EmployeeId: employee?.Id, Notes: 'Dentist', Status: 'Pending' })

    expect(dataOf(conforms('signOut', await services.signOut()))).toMatchObject({ state: 'signed-out', fileIds: [] })
    expect(events.at(-1)).toMatchObject({ state: 'signed-out' })
    expect(conforms('listFiles', await services.listFiles())).toMatchObject({ ok: false, error: { code: 'signed-out' } })
    expect(conforms('listEntitlements', await services.listEntitlements(1001))).toMatchObject({ ok: false, error: { code: 'signed-out' } })
  })

  it('serves the IPC dispatcher end to end: parsed arguments in, the envelope out', async () => {
    const { services } = await start()
    const dispatch = createIpcDispatcher(services)
    expect(await dispatch('signInWithPassword', [DEMO_CREDENTIALS.clerk.username, DEMO_CREDENTIALS.clerk.password])).toMatchObject({ ok: true })
    // Read-only fields a draft may still carry are dropped by the contract before they reach the API.
    const valid = await validBody(services)
    const inserted = await dispatch('insertLeaveRequest', [1001, { ...valid, Id: 99, TotalHours: 8, _links: [] }])
    expect(inserted, JSON.stringify(inserted)).toMatchObject({ ok: true, value: { Id: expect.any(Number) } })
    expect(await dispatch('listFiles', [])).toEqual({ ok: true, value: [1001, 1002] })
  })

  it('signs in with the deprecated legacy key for its one file', async () => {
    const { services } = await start()
    const status = dataOf(await services.signInWithLegacyKey(DEMO_CREDENTIALS.legacyKey.wsAccessKey, DEMO_CREDENTIALS.legacyKey.fileId))
    expect(status).toMatchObject({ state: 'signed-in', method: 'legacy', fileIds: [1001] })
    expect(dataOf(await services.listEntitlements(1001)).length).toBeGreaterThan(0)
  })

  it('answers a wrong password with a coded error, not a throw', async () => {
    const { services } = await start()
    const result = conforms('signInWithPassword', await services.signInWithPassword(DEMO_CREDENTIALS.clerk.username, 'wrong'))
    expect(result.ok).toBe(false)
    expect(dataOf(await services.getSessionStatus())).toMatchObject({ state: 'signed-out' })
  })

  it('on Linux without a keyring keeps the session on disk only while the clerk agrees, and stays signed in when they stop', async () => {
    const settings = await openSettingsStore({ filePath: path.join(dir, 'settings.json') })
    const cipher = aesGcmTestCipher({ backend: () => 'basic_text' })
    const running = await createServices({ settings, userDataDir: dir, appVersion: '0.1.0-test', sandboxDataFile: null, cipher })
    opened.push(running)
    const { services } = running
    const sessionFile = path.join(dir, 'session-embedded-sandbox.bin')
    const onDisk = () => stat(sessionFile).then(() => true, () => false)

    expect(dataOf(await services.signInWithPassword(DEMO_CREDENTIALS.clerk.username, DEMO_CREDENTIALS.clerk.password))).toMatchObject({ persistence: 'needs-opt-in' })
    expect(await onDisk()).toBe(false)
    expect(dataOf(await services.allowUnencryptedTokenStorage())).toMatchObject({ state: 'signed-in', persistence: 'encrypted' })
    expect(await onDisk()).toBe(true)

    const withdrawn = dataOf(conforms('withdrawUnencryptedTokenStorage', await services.withdrawUnencryptedTokenStorage()))
    expect(withdrawn).toMatchObject({ state: 'signed-in', persistence: 'needs-opt-in' })
    expect(await onDisk()).toBe(false)
    expect(dataOf(await services.getSettings())).toMatchObject({ allowUnencryptedTokenStorage: false })
    expect(dataOf(await services.listEntitlements(1001)).length).toBeGreaterThan(0)
  })

  it('keeps this run only without a cipher, and records the storage opt-in in the settings', async () => {
    const { services } = await start()
    expect(dataOf(await services.allowUnencryptedTokenStorage())).toMatchObject({ persistence: 'this-run-only' })
    expect(dataOf(await services.getSettings())).toMatchObject({ allowUnencryptedTokenStorage: true })
  })
})

describe('createServices with a remote API address', () => {
  it('switches backend when the address setting changes, ending the old session', async () => {
    const remote = await remoteSandbox()
    const { services } = await start()
    const events: SessionStatus[] = []
    services.onSessionChanged((status) => events.push(status))
    dataOf(await services.signInWithPassword(DEMO_CREDENTIALS.clerk.username, DEMO_CREDENTIALS.clerk.password))

    const saved = dataOf(conforms('updateSettings', await services.updateSettings({ apiBaseUrl: `${remote.baseUrl}/` })))
    expect(saved.apiBaseUrl).toBe(remote.baseUrl)
    expect(dataOf(await services.getAppInfo()).backend).toEqual({ kind: 'remote', baseUrl: remote.baseUrl })
    expect(dataOf(await services.getSessionStatus())).toMatchObject({ state: 'signed-out' })
    expect(events.at(-1)).toMatchObject({ state: 'signed-out' })

    dataOf(await services.signInWithPassword(DEMO_CREDENTIALS.clerk.username, DEMO_CREDENTIALS.clerk.password))
    expect(remote.stats.count('POST /authorisation/token')).toBe(1)
  })

  it('paces requests to Practice and to a remote API alike (1 per second by default)', async () => {
    const remote = await remoteSandbox()
    for (const where of [{ envApiUrl: remote.baseUrl }, {}]) {
      // The limiter's waits, seen instead of timed: each resolves at once.
      const waits: number[] = []
      const running = await start({ ...where, sleep: async (ms: number) => void waits.push(ms) })
      dataOf(await running.services.signInWithPassword(DEMO_CREDENTIALS.clerk.username, DEMO_CREDENTIALS.clerk.password))
      dataOf(await running.services.listEntitlements(1001))
      dataOf(await running.services.listEntitlements(1001))
      // The second request waited about a second for its turn.
      expect(waits[0]).toBeGreaterThan(900)
    }
  })

  it('passes the calling page’s signal to the writes: a write whose page has gone is not sent', async () => {
    const remote = await remoteSandbox()
    const { services } = await start({ envApiUrl: remote.baseUrl })
    dataOf(await services.signInWithPassword(DEMO_CREDENTIALS.clerk.username, DEMO_CREDENTIALS.clerk.password))
    const request = await validBody(services)
    const gone = { signal: AbortSignal.abort() }
    const notSent = { ok: false, error: { code: 'network', message: NOT_SENT_ASKER_GONE_MESSAGE } }

    expect(conforms('insertLeaveRequest', await services.insertLeaveRequest(1001, request, undefined, undefined, gone))).toMatchObject(notSent)
    const update = { ...request, LastModifiedDateUtc: '2026-03-01T00:00:00Z' }
    expect(conforms('putLeaveRequest', await services.putLeaveRequest(1001, 7, update, undefined, undefined, gone))).toMatchObject(notSent)
    expect(remote.stats.count('POST /Payroll/LeaveRequest') + remote.stats.count('PUT /Payroll/LeaveRequest/7')).toBe(0)

    const live = { signal: new AbortController().signal }
    expect(conforms('insertLeaveRequest', await services.insertLeaveRequest(1001, request, undefined, undefined, live))).toMatchObject({ ok: true })
    expect(remote.stats.count('POST /Payroll/LeaveRequest')).toBe(1)
  })

  it('lets LEAVE_DESK_API_URL win over the settings, and ignores an unusable one', async () => {
    const remote = await remoteSandbox()
    const fromEnv = await start({ envApiUrl: remote.baseUrl })
    expect(dataOf(await fromEnv.services.getAppInfo()).backend).toEqual({ kind: 'remote', baseUrl: remote.baseUrl })
    const insecure = await start({ envApiUrl: 'http://payroll.example.com' })
    expect(dataOf(await insecure.services.getAppInfo()).backend.kind).toBe('embedded-sandbox')
  })

  it('tells the settings screen where things live and whether the environment chose the address', async () => {
    const remote = await remoteSandbox()
    const opened: string[] = []
    const settings = await openSettingsStore({ filePath: path.join(dir, 'settings.json') })
    const running = await createServices({
      settings,
      userDataDir: dir,
      appVersion: '0.1.0-test',
      envApiUrl: remote.baseUrl,
      logsDir: path.join(dir, 'logs-here'),
      openPath: async (folder) => (opened.push(folder), '')
    })
    opened.length = 0
    const info = dataOf(conforms('getAppInfo', await running.services.getAppInfo()))
    await running.close()
    expect(info).toMatchObject({
      addressFromEnvironment: true,
      locations: { settingsFile: path.join(dir, 'settings.json'), draftsFolder: path.join(dir, 'IndexedDB'), logsFolder: path.join(dir, 'logs-here') }
    })
    expect(conforms('openLogsFolder', await running.services.openLogsFolder())).toEqual({ ok: true, value: null })
    expect(opened).toEqual([path.join(dir, 'logs-here')])
  })

  it('answers "Open logs folder" with a coded error where folders cannot be opened', async () => {
    const { services } = await start()
    expect(conforms('openLogsFolder', await services.openLogsFolder())).toMatchObject({ ok: false, error: { code: 'unavailable' } })
    expect(dataOf(await services.getAppInfo()).addressFromEnvironment).toBe(false)
  })

  it('tests a payroll address before switching to it, without leaving the current backend', async () => {
    const remote = await remoteSandbox()
    const { services } = await start()
    const tested = dataOf(conforms('testConnection', await services.testConnection(remote.baseUrl)))
    expect(tested).toMatchObject({ reachable: true, looksLikePayroll: true })
    expect(dataOf(await services.getAppInfo()).backend.kind).toBe('embedded-sandbox')
  })
})
