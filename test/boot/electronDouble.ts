import { EventEmitter } from 'node:events'
import path from 'node:path'
import type { ClientRequest } from 'node:http'
import { netRequest, SessionDouble } from './netDouble'

/**
 * A stand-in for the `electron` module, complete enough for main/index.ts (and electron-log) to start
 * under plain Node. It records what the app asks of Electron, in order (`calls`), so the boot test can
 * assert what a real start does; the test drives the lifecycle (`ready`, quit events) by hand.
 */
export interface CancellableEvent {
  defaultPrevented: boolean
  preventDefault(): void
}

export function cancellableEvent(): CancellableEvent {
  const event = { defaultPrevented: false, preventDefault: () => void (event.defaultPrevented = true) }
  return event
}

type Handler = (...args: unknown[]) => unknown

export class WebContentsDouble extends EventEmitter {
  windowOpenHandler: Handler | null = null
  url = ''
  readonly sent: [string, unknown][] = []
  readonly session = { addWordToSpellCheckerDictionary: () => true }
  setWindowOpenHandler(handler: Handler): void {
    this.windowOpenHandler = handler
  }
  getURL(): string {
    return this.url
  }
  isDestroyed(): boolean {
    return false
  }
  send(channel: string, payload: unknown): void {
    this.sent.push([channel, payload])
  }
  replaceMisspelling(): void {}
}

/** What the double saw, shared by its parts. */
export interface Recorded {
  calls: string[]
  windows: BrowserWindowDouble[]
  ipcHandlers: Map<string, Handler[]>
  protocolHandlers: Map<string, (request: Request) => Promise<Response>>
  privilegedSchemes: unknown[]
  menus: { template: unknown[] }[]
  /** Menus shown with `popup()` (the right-click menu). */
  popups: unknown[][]
  dialogs: { kind: string; options: unknown }[]
  /** Every `net.request`, as it went out: which session's connections it used, and whether one was reused. */
  netRequests: NetRequestSeen[]
}

export interface NetRequestSeen {
  method: string
  path: string
  partition: string
  connectionHeader: string | undefined
  /** Node's `reusedSocket`: the request went out on a connection an earlier request had used. */
  reusedConnection: boolean
  /** The connection's local port: two requests with the same port shared a connection. */
  localPort: number | undefined
}

export class BrowserWindowDouble extends EventEmitter {
  readonly webContents = new WebContentsDouble()
  readonly loaded: string[] = []
  destroyed = false
  constructor(
    private readonly recorded: Recorded,
    readonly options: { webPreferences?: Record<string, unknown> } & Record<string, unknown>
  ) {
    super()
    recorded.calls.push('new BrowserWindow')
    recorded.windows.push(this)
  }
  async loadURL(url: string): Promise<void> {
    this.loaded.push(url)
    this.webContents.url = url
  }
  close(): void {
    const event = cancellableEvent()
    this.emit('close', event)
    if (event.defaultPrevented) return
    this.destroyed = true
    this.emit('closed')
  }
  isDestroyed(): boolean {
    return this.destroyed
  }
  isMinimized(): boolean {
    return false
  }
  restore(): void {}
  focus(): void {}
  shown = false
  show(): void {
    this.shown = true
  }
}

export class AppDouble extends EventEmitter {
  readonly name = 'Leave Desk'
  readonly isPackaged = false
  quitCalls = 0
  readonly exitCodes: number[] = []
  private ready = false
  private resolveReady: () => void = () => {}
  private readonly readyPromise = new Promise<void>((resolve) => (this.resolveReady = resolve))
  private readonly paths: Map<string, string>
  readonly commandLine = {
    appendSwitch: (name: string, value?: string) => void this.recorded.calls.push(`app.commandLine.appendSwitch ${name}${value === undefined ? '' : `=${value}`}`)
  }

  constructor(
    private readonly recorded: Recorded,
    private readonly appDataDir: string
  ) {
    super()
    this.paths = new Map([['appData', appDataDir]])
  }
  getName(): string {
    return this.name
  }
  getVersion(): string {
    return '0.0.0-boot'
  }
  isReady(): boolean {
    return this.ready
  }
  whenReady(): Promise<void> {
    return this.readyPromise
  }
  requestSingleInstanceLock(): boolean {
    this.recorded.calls.push('app.requestSingleInstanceLock')
    return true
  }
  enableSandbox(): void {
    this.recorded.calls.push('app.enableSandbox')
  }
  setAppUserModelId(id: string): void {
    this.recorded.calls.push(`app.setAppUserModelId ${id}`)
  }
  getPath(name: string): string {
    // Electron's default userData follows the app's name: what the app gets unless it pins the folder.
    const value = this.paths.get(name) ?? (name === 'userData' ? path.join(this.appDataDir, this.name) : undefined)
    if (!value) throw new Error(`No path for ${name} in the Electron double`)
    return value
  }
  setPath(name: string, value: string): void {
    this.recorded.calls.push(`app.setPath ${name}`)
    this.paths.set(name, value)
  }
  setAppLogsPath(value: string): void {
    this.paths.set('logs', value)
  }
  quit(): void {
    this.quitCalls += 1
    this.recorded.calls.push('app.quit')
  }
  exit(code: number): void {
    this.exitCodes.push(code)
  }
  /** What Electron does at `ready`. */
  fireReady(): void {
    this.ready = true
    this.recorded.calls.push('ready')
    this.emit('ready')
    this.resolveReady()
  }
}

export interface ElectronDouble extends Recorded {
  /** What `require('electron')` returns. */
  electron: Record<string, unknown>
  app: AppDouble
}

export function createElectronDouble(options: { appDataDir: string }): ElectronDouble {
  const recorded: Recorded = {
    calls: [],
    windows: [],
    ipcHandlers: new Map(),
    protocolHandlers: new Map(),
    privilegedSchemes: [],
    menus: [],
    popups: [],
    dialogs: [],
    netRequests: []
  }
  const app = new AppDouble(recorded, options.appDataDir)
  const { calls, windows, ipcHandlers, protocolHandlers, privilegedSchemes, menus, dialogs } = recorded
  const partitions = new Map<string, SessionDouble>()
  const defaultSession = new SessionDouble('default', calls)
  // Electron sends a request without a session in the default one.
  const request = (options: Record<string, unknown>) => {
    const session = options.session ?? defaultSession
    const sent = netRequest({ ...options, session })
    // electron-updater names the address in parts (hostname, path), main gives a url.
    const path = typeof options.url === 'string' ? new URL(options.url).pathname : String(options.path ?? '')
    calls.push(`net.request ${String(options.method ?? 'GET')} ${path} ${(session as SessionDouble).partition}`)
    sent.on('response', () => recordRequest(recorded, sent, { method: String(options.method ?? 'GET'), path, partition: (session as SessionDouble).partition }))
    return sent
  }
  class BrowserWindow extends BrowserWindowDouble {
    constructor(windowOptions: { webPreferences?: Record<string, unknown> } & Record<string, unknown>) {
      super(recorded, windowOptions)
    }
    static getAllWindows(): BrowserWindowDouble[] {
      return windows.filter((window) => !window.destroyed)
    }
  }

  const electron = {
    app,
    BrowserWindow,
    protocol: {
      registerSchemesAsPrivileged(schemes: unknown[]) {
        calls.push('protocol.registerSchemesAsPrivileged')
        privilegedSchemes.push(...schemes)
      },
      handle(scheme: string, handler: (request: Request) => Promise<Response>) {
        calls.push(`protocol.handle ${scheme}`)
        protocolHandlers.set(scheme, handler)
      }
    },
    ipcMain: {
      handle(channel: string, handler: Handler) {
        ipcHandlers.set(channel, [...(ipcHandlers.get(channel) ?? []), handler])
      },
      removeHandler(channel: string) {
        ipcHandlers.delete(channel)
      },
      on() {}
    },
    Menu: {
      buildFromTemplate: (template: unknown[]) => ({ template, popup: () => void recorded.popups.push(template) }),
      setApplicationMenu(menu: { template: unknown[] }) {
        menus.push(menu)
      }
    },
    net: { request, isOnline: () => true },
    // Chromium's crash reporter: recorded, so the boot test sees it start before `ready`.
    crashReporter: { start: (options: unknown) => void calls.push(`crashReporter.start ${JSON.stringify(options)}`) },
    powerMonitor: new EventEmitter(),
    // What electron-updater's BaseUpdater tells Electron just before it quits into an update.
    autoUpdater: new EventEmitter(),
    session: {
      // A partition's connections are its own (electron-updater downloads in one, main's writes go in another).
      fromPartition: (name: string) => {
        if (!partitions.has(name)) calls.push(`session.fromPartition ${name}`)
        const partition = partitions.get(name) ?? new SessionDouble(name, calls)
        partitions.set(name, partition)
        return partition
      },
      defaultSession: Object.assign(defaultSession, {
        setPermissionRequestHandler: () => void calls.push('session.setPermissionRequestHandler'),
        setPermissionCheckHandler: () => void calls.push('session.setPermissionCheckHandler'),
        setSpellCheckerEnabled: (enabled: boolean) => void calls.push(`session.setSpellCheckerEnabled ${enabled}`),
        setSpellCheckerLanguages: (languages: string[]) => void calls.push(`session.setSpellCheckerLanguages ${languages.join(',')}`),
        setSpellCheckerDictionaryDownloadURL: (url: string) => void calls.push(`session.setSpellCheckerDictionaryDownloadURL ${url}`),
        // As Electron answers on a machine with no proxy configured (PAC result syntax).
        resolveProxy: async (url: string) => {
          calls.push(`session.resolveProxy ${new URL(url).origin}`)
          return 'DIRECT'
        }
      })
    },
    dialog: {
      showErrorBox: (title: string, content: string) => void dialogs.push({ kind: 'error-box', options: { title, content } }),
      async showMessageBox(...args: unknown[]) {
        dialogs.push({ kind: 'message-box', options: args.at(-1) })
        return { response: 0, checkboxChecked: false }
      }
    },
    shell: { openExternal: async () => undefined, openPath: async () => '' },
    safeStorage: {
      isEncryptionAvailable: () => false,
      isAsyncEncryptionAvailable: async () => false,
      encryptString: () => Buffer.alloc(0),
      decryptString: () => '',
      encryptStringAsync: async () => Buffer.alloc(0),
      decryptStringAsync: async () => ({ result: '', shouldReEncrypt: false }),
      getSelectedStorageBackend: () => 'basic_text'
    },
    webContents: { getAllWebContents: () => windows.map((window) => window.webContents) }
  }

  return { ...recorded, electron, app }
}

function recordRequest(recorded: Recorded, sent: ClientRequest, seen: Pick<NetRequestSeen, 'method' | 'path' | 'partition'>): void {
  const connection = sent.getHeader('connection')
  recorded.netRequests.push({
    ...seen,
    connectionHeader: connection === undefined ? undefined : String(connection),
    reusedConnection: sent.reusedSocket,
    localPort: sent.socket?.localPort
  })
}
