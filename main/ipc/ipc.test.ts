import { describe, expect, it, vi } from 'vitest'
import { ok, type ApiResult } from '../../shared/apiError'
import {
  DEFAULT_SETTINGS,
  INVOKE_CHANNELS,
  ipcChannels,
  ipcEvents,
  type ChannelArgs,
  type InvokeName,
  type Services,
  type SessionStatus,
  type UpdateStatus
} from '../../shared/ipc'
import { forwardServiceEvents, registerIpcHandlers, type InvokeEventLike, type IpcMainLike } from './ipc'
import { MAX_ARGUMENT_STRING_LENGTH } from './ipcDispatch'
import { createSenderPolicy, type SenderFrame } from './senderPolicy'

type Handler = (event: InvokeEventLike, ...args: unknown[]) => unknown

function fakeIpcMain() {
  const handlers = new Map<string, Handler>()
  const ipcMain: IpcMainLike = {
    handle: (channel, listener) => {
      if (handlers.has(channel)) throw new Error(`second handler for ${channel}`)
      handlers.set(channel, listener)
    },
    removeHandler: (channel) => {
      handlers.delete(channel)
    }
  }
  return { ipcMain, handlers }
}

const signedOut: SessionStatus = { state: 'signed-out', fileIds: [], refreshExpiresSoon: false, persistence: 'encrypted' }

/** Every service answers `ok('<name>')`, so a test can tell which one ran. */
function fakeServices() {
  const calls: { name: string; args: unknown[] }[] = []
  const services = {} as Record<string, unknown>
  for (const name of Object.keys(INVOKE_CHANNELS)) {
    services[name] = vi.fn(async (...args: unknown[]) => {
      calls.push({ name, args })
      return ok(`${name} result`)
    })
  }
  services.onSessionChanged = () => () => {}
  services.onConnectivityChanged = () => () => {}
  services.onUpdateStatus = () => () => {}
  return { services: services as unknown as Services, calls }
}

const APP_FRAME: SenderFrame = { url: 'app://leave-desk/index.html', parent: null }
const body = {
  LeaveTypePayItemId: 101,
  EmployeeId: 1001,
  StartDate: '2026-03-02T00:00:00+10:00',
  EndDate: '2026-03-03T00:00:00+10:00',
  Status: 'Pending' as const
}

/** One valid call per channel; the type makes the compiler insist every channel is listed. */
const VALID_ARGS: { [K in InvokeName]: ChannelArgs<K> } = {
  signInWithPassword: ['clerk@demo.test', 'demo-password'],
  signInWithLegacyKey: ['demo-ws-key-1001', 1001],
  signOut: [],
  getSessionStatus: [],
  allowUnencryptedTokenStorage: [],
  withdrawUnencryptedTokenStorage: [],
  listFiles: [],
  insertLeaveRequest: [1001, body, 'draft-1:1', 'practice'],
  getLeaveRequest: [1001, 7],
  putLeaveRequest: [1001, 7, { ...body, LastModifiedDateUtc: '2026-03-01T00:00:00Z' }, 'draft-1:2', 'practice'],
  listEntitlements: [1001],
  listEmployees: [1001, { leaveBalanceAsAt: '2026-03-02' }],
  listContacts: [1001],
  getSettings: [],
  updateSettings: [{ defaultHoursPerDay: 8 }],
  getConnectivityStatus: [],
  getAppInfo: [],
  getUpdateStatus: [],
  restartToUpdate: [],
  listWritesInFlight: [],
  takeSettledWrites: [],
  testConnection: ['https://api.saasu.com'],
  openLogsFolder: [],
  checkConnectivity: [],
  listFileIdentities: [],
  getTeamServer: [],
  saveTeamServer: [{ address: 'https://couch.example', userName: 'mia', password: 'pw', fileId: 1001, database: 'leave-desk-file-1001' }],
  forgetTeamServer: [],
  testTeamServer: [{ address: 'https://couch.example', userName: 'mia', password: 'pw', fileId: 1001, database: 'leave-desk-file-1001' }],
  teamFetch: [1001, { method: 'GET', path: '/_changes?since=0' }],
  shareOfficeBudget: [{ fileId: 1001, day: '2026-03-02', turnTakers: [{ me: false, from: 0, until: 1_772_449_200_000 }, { me: true, from: 0, until: null }], othersSpentToday: 40 }],
  practiceColleagueRequests: [1001]
}

function setUp(options: { devServerUrl?: string } = {}) {
  const { ipcMain, handlers } = fakeIpcMain()
  const { services, calls } = fakeServices()
  const log = vi.fn()
  const dispose = registerIpcHandlers({ ipcMain, services, isAllowedSender: createSenderPolicy(options), log })
  const invoke = (name: InvokeName, args: readonly unknown[], frame: SenderFrame | null = APP_FRAME) => {
    const handler = handlers.get(INVOKE_CHANNELS[name])
    if (!handler) throw new Error(`no handler for ${name}`)
    return Promise.resolve(handler({ senderFrame: frame }, ...args)) as Promise<ApiResult<unknown>>
  }
  return { handlers, services, calls, log, dispose, invoke }
}

describe('the contract', () => {
  it('names every argument of every channel, and every wire name is distinct', () => {
    for (const [name, spec] of Object.entries(ipcChannels)) {
      expect(spec.args.length, name).toBe(spec.input.def.items.length)
      expect(spec.channel).toBe(INVOKE_CHANNELS[name as InvokeName])
    }
    const wireNames = [...Object.values(INVOKE_CHANNELS), ...Object.values(ipcEvents).map((e) => e.channel)]
    expect(new Set(wireNames).size).toBe(wireNames.length)
  })

  it('marks only the legacy key sign-in as deprecated', () => {
    const deprecated = Object.entries(ipcChannels).filter(([, spec]) => spec.deprecated).map(([name]) => name)
    expect(deprecated).toEqual(['signInWithLegacyKey'])
  })

  it('describes answers as the Result envelope', () => {
    expect(ipcChannels.getSettings.output.safeParse({ ok: true, value: DEFAULT_SETTINGS }).success).toBe(true)
    expect(ipcChannels.getSettings.output.safeParse({ ok: false, error: { code: 'network', message: 'x' } }).success).toBe(true)
    expect(ipcChannels.getSettings.output.safeParse({ ok: false, error: { code: 'made-up', message: 'x' } }).success).toBe(false)
  })
})

describe('registerIpcHandlers', () => {
  it('registers exactly one handler per contract channel, and removes them all again', () => {
    const { handlers, dispose } = setUp()
    expect([...handlers.keys()].sort()).toEqual(Object.values(INVOKE_CHANNELS).sort())
    dispose()
    expect(handlers.size).toBe(0)
  })

  it("passes each channel's parsed arguments to its own service and returns the service's envelope", async () => {
    const { invoke, calls } = setUp()
    for (const name of Object.keys(VALID_ARGS) as InvokeName[]) {
      calls.length = 0
      const result = await invoke(name, VALID_ARGS[name])
      expect(result).toEqual({ ok: true, value: `${name} result` })
      // After the contract's arguments, the call's context (no page here, so no signal).
      expect(calls).toEqual([{ name, args: [...VALID_ARGS[name], {}] }])
    }
  })

  it('hands the service only what the schema knows: unknown body fields are dropped', async () => {
    const { invoke, calls } = setUp()
    await invoke('insertLeaveRequest', [1001, { ...body, Id: 5, _links: [], Sneaky: 'x' }])
    expect(calls[0]?.args[1]).toEqual(body)
  })

  it.each([
    ['another web origin', { url: 'https://evil.example/index.html', parent: null }],
    ['a file URL', { url: 'file:///work/main/out/renderer/index.html', parent: null }],
    ['another app host', { url: 'app://evil/index.html', parent: null }],
    ['a lookalike host', { url: 'app://leave-desk.evil/index.html', parent: null }],
    ['user info before the host', { url: 'app://leave-desk@evil/index.html', parent: null }],
    ['a port on the app host', { url: 'app://leave-desk:8080/index.html', parent: null }],
    ['a subframe with a foreign URL', { url: 'https://evil.example/', parent: { url: 'app://leave-desk/index.html' } }],
    ['a subframe of the app', { url: 'app://leave-desk/frame.html', parent: { url: 'app://leave-desk/index.html' } }],
    ['no frame (destroyed)', null],
    ['an unparseable URL', { url: 'not a url', parent: null }],
    ['the dev server when none is configured', { url: 'http://localhost:5173/', parent: null }]
  ] as [string, SenderFrame | null][])('refuses %s with a code and never calls the service', async (_label, frame) => {
    const { invoke, calls } = setUp()
    const result = await invoke('signInWithPassword', VALID_ARGS.signInWithPassword, frame)
    expect(result).toMatchObject({ ok: false, error: { code: 'forbidden' } })
    expect(calls).toEqual([])
  })

  it('refuses a foreign sender on every channel', async () => {
    const { invoke, calls } = setUp()
    for (const name of Object.keys(VALID_ARGS) as InvokeName[]) {
      const result = await invoke(name, VALID_ARGS[name], { url: 'app://evil/', parent: null })
      expect(result, name).toMatchObject({ ok: false, error: { code: 'forbidden' } })
    }
    expect(calls).toEqual([])
  })

  it('accepts the dev server only when it is configured, and only its exact origin', async () => {
    const { invoke, calls } = setUp({ devServerUrl: 'http://localhost:5173' })
    expect(await invoke('getAppInfo', [], { url: 'http://localhost:5173/index.html', parent: null })).toMatchObject({ ok: true })
    expect(await invoke('getAppInfo', [], { url: 'http://localhost:5174/', parent: null })).toMatchObject({ ok: false })
    expect(await invoke('getAppInfo', [], { url: 'https://localhost:5173/', parent: null })).toMatchObject({ ok: false })
    // The policy remembers its last answer per URL: a refusal in between changes nothing, and a subframe
    // at the allowed URL is still refused.
    expect(await invoke('getAppInfo', [], { url: 'http://localhost:5173/index.html', parent: null })).toMatchObject({ ok: true })
    expect(await invoke('getAppInfo', [], { url: 'http://localhost:5173/index.html', parent: {} })).toMatchObject({ ok: false })
    expect(calls).toHaveLength(2)
  })

  const huge = 'x'.repeat(MAX_ARGUMENT_STRING_LENGTH + 1)
  it.each([
    { label: 'fileId as a string', name: 'insertLeaveRequest', args: ['1001', body], field: 'fileId' },
    { label: 'a fractional fileId', name: 'insertLeaveRequest', args: [1001.5, body], field: 'fileId' },
    { label: 'a negative fileId', name: 'listEntitlements', args: [-1], field: 'fileId' },
    { label: 'the body missing', name: 'insertLeaveRequest', args: [1001], field: 'body' },
    { label: 'a body that is not an object', name: 'insertLeaveRequest', args: [1001, 'body'], field: 'body' },
    { label: 'a wrongly typed body field', name: 'insertLeaveRequest', args: [1001, { ...body, EmployeeId: 'Olivia' }], field: 'body.EmployeeId' },
    { label: 'a missing body field', name: 'insertLeaveRequest', args: [1001, { ...body, StartDate: undefined }], field: 'body.StartDate' },
    { label: 'a bad item deep in the body', name: 'insertLeaveRequest', args: [1001, { ...body, Items: [{ Date: '2026-03-02', Hours: 'eight' }] }], field: 'body.Items.0.Hours' },
    { label: 'a huge string the schema does not bound', name: 'insertLeaveRequest', args: [1001, { ...body, StartDate: huge }], field: 'body.StartDate' },
    { label: 'huge notes', name: 'insertLeaveRequest', args: [1001, { ...body, Notes: 'n'.repeat(5000) }], field: 'body.Notes' },
    { label: 'a huge password', name: 'signInWithPassword', args: ['clerk@demo.test', 'p'.repeat(5000)], field: 'password' },
    { label: 'a user name that is a number', name: 'signInWithPassword', args: [42, 'demo-password'], field: 'username' },
    { label: 'an empty user name', name: 'signInWithPassword', args: ['', 'demo-password'], field: 'username' },
    { label: 'a legacy key without a file', name: 'signInWithLegacyKey', args: ['demo-ws-key-1001'], field: 'fileId' },
    { label: 'a zero leave request id', name: 'getLeaveRequest', args: [1001, 0], field: 'id' },
    { label: 'an update without LastModifiedDateUtc', name: 'putLeaveRequest', args: [1001, 7, body], field: 'body.LastModifiedDateUtc' },
    { label: 'an API address that is not https', name: 'updateSettings', args: [{ apiBaseUrl: 'http://payroll.example.com' }], field: 'patch.apiBaseUrl' },
    { label: 'an unknown setting', name: 'updateSettings', args: [{ theme: 'dark' }], field: 'patch' },
    { label: 'the storage opt-in through a settings update', name: 'updateSettings', args: [{ allowUnencryptedTokenStorage: true }], field: 'patch' },
    { label: 'arguments to a channel that takes none', name: 'signOut', args: ['please'], field: 'arguments' },
    { label: 'a payroll that is not text', name: 'insertLeaveRequest', args: [1001, body, 'draft-1:1', 42], field: 'payroll' },
  ] as { label: string; name: InvokeName; args: unknown[]; field: string }[])('refuses $label as bad-input naming $field', async ({ name, args, field }) => {
    const { invoke, calls } = setUp()
    const result = await invoke(name, args)
    expect(result).toMatchObject({ ok: false, error: { code: 'bad-input', details: { field } } })
    if (!result.ok) expect(result.error.message.startsWith(`${field}:`)).toBe(true)
    expect(calls).toEqual([])
  })

  it('refuses a hostile deeply nested argument without walking it recursively', async () => {
    const { invoke, calls } = setUp()
    let nested: unknown = {}
    for (let depth = 0; depth < 100_000; depth += 1) nested = { nested }
    const result = await invoke('insertLeaveRequest', [1001, { ...body, Notes: nested }])
    expect(result).toMatchObject({ ok: false, error: { code: 'bad-input', details: { field: 'arguments' } } })
    expect(calls).toEqual([])
  })

  it('turns a thrown service error into `internal` without leaking its text', async () => {
    const { invoke, services, log } = setUp()
    vi.mocked(services.listContacts).mockRejectedValueOnce(new Error('db password hunter2 at /home/clerk'))
    const result = await invoke('listContacts', [1001])
    expect(result).toMatchObject({ ok: false, error: { code: 'internal' } })
    expect(JSON.stringify(result)).not.toMatch(/hunter2|clerk/)
    expect(log).toHaveBeenCalledWith(expect.stringContaining('listContacts'))
  })

  it("returns a service's error envelope unchanged", async () => {
    const { invoke, services } = setUp()
    const refused = { ok: false as const, error: { code: 'validation' as const, message: 'End date is before start date.' } }
    vi.mocked(services.insertLeaveRequest).mockResolvedValueOnce(refused)
    expect(await invoke('insertLeaveRequest', [1001, body])).toEqual(refused)
  })
})

describe('forwardServiceEvents', () => {
  function eventSource() {
    const listeners = {
      session: new Set<(s: SessionStatus) => void>(),
      connectivity: new Set<(s: unknown) => void>(),
      update: new Set<(s: UpdateStatus) => void>()
    }
    const services = {
      onSessionChanged: (listener: (s: SessionStatus) => void) => {
        listeners.session.add(listener)
        return () => listeners.session.delete(listener)
      },
      onConnectivityChanged: (listener: (s: unknown) => void) => {
        listeners.connectivity.add(listener)
        return () => listeners.connectivity.delete(listener)
      },
      onUpdateStatus: (listener: (s: UpdateStatus) => void) => {
        listeners.update.add(listener)
        return () => listeners.update.delete(listener)
      }
    } as Pick<Services, 'onSessionChanged' | 'onConnectivityChanged' | 'onUpdateStatus'>
    return { services, listeners }
  }

  function fakeContents(url = 'app://leave-desk/index.html') {
    const sent: unknown[][] = []
    return { sent, contents: { url, destroyed: false, send: (...args: unknown[]) => sent.push(args), isDestroyed() { return this.destroyed }, getURL() { return this.url } } }
  }

  it('sends each event on its channel to the app window, and stops when unsubscribed', () => {
    const { services, listeners } = eventSource()
    const { sent, contents } = fakeContents()
    const stop = forwardServiceEvents({ services, target: () => contents, isAllowedSender: createSenderPolicy() })
    listeners.session.forEach((l) => l(signedOut))
    listeners.connectivity.forEach((l) => l({ state: 'unreachable', since: 1 }))
    listeners.update.forEach((l) => l({ state: 'ready', version: '1.2.0' }))
    expect(sent).toEqual([
      [ipcEvents.onSessionChanged.channel, signedOut],
      [ipcEvents.onConnectivityChanged.channel, { state: 'unreachable', since: 1 }],
      [ipcEvents.onUpdateStatus.channel, { state: 'ready', version: '1.2.0' }]
    ])
    stop()
    expect(listeners.session.size + listeners.connectivity.size + listeners.update.size).toBe(0)
  })

  it('sends nothing to a window showing a foreign page, a destroyed window, or no window', () => {
    const { services, listeners } = eventSource()
    const foreign = fakeContents('https://evil.example/')
    const destroyed = fakeContents()
    destroyed.contents.destroyed = true
    for (const target of [foreign.contents, destroyed.contents, null]) {
      const stop = forwardServiceEvents({ services, target: () => target, isAllowedSender: createSenderPolicy() })
      listeners.session.forEach((l) => l(signedOut))
      stop()
    }
    expect([...foreign.sent, ...destroyed.sent]).toEqual([])
  })
})
