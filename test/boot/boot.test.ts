import { existsSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import path from 'node:path'
import type { MenuItemConstructorOptions } from 'electron'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CLOSING_ROLES } from '../../main/window/appMenu'
import { CONTENT_SECURITY_POLICY } from '../../main/window/contentSecurityPolicy'
import { INVOKE_CHANNELS } from '../../shared/ipc/channelNames'
import { APP_FRAME, bootBuiltMain, flattenMenu, menuItems, REPO_ROOT, until, type BootedMain } from './bootBuiltMain'
import { cancellableEvent, type ElectronDouble } from './electronDouble'

/**
 * The built main process started under plain Node against an Electron double (see bootBuiltMain): what
 * a real start does, checked without the Electron binary (it cannot be downloaded here).
 */
let booted: BootedMain
let double: ElectronDouble
let workDir = ''
let callsBeforeReady: string[] = []
const savedEnv = { ...process.env }

const invoke = (channel: string, frame: unknown, ...args: unknown[]) => booted.invoke(channel, frame, ...args)

beforeAll(async () => {
  booted = await bootBuiltMain()
  ;({ double, workDir, callsBeforeReady } = booted)
}, 30_000)

afterAll(async () => {
  process.env = savedEnv
  if (workDir) await rm(workDir, { recursive: true, force: true })
})

describe('starting the built app (out/main/index.js) against an Electron double', () => {
  it('takes the single-instance lock and registers the privileged app:// scheme before ready', () => {
    expect(callsBeforeReady).toEqual(expect.arrayContaining(['protocol.registerSchemesAsPrivileged', 'app.enableSandbox', 'app.requestSingleInstanceLock']))
    expect(callsBeforeReady).not.toContain('ready')
    expect(double.privilegedSchemes).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } }
    ])
  })

  it('keeps its data in the pinned folder, not one named after the product', () => {
    expect(double.app.getPath('userData')).toBe(path.join(workDir, 'appData', 'leave-desk'))
    expect(double.app.getPath('logs')).toBe(path.join(workDir, 'appData', 'leave-desk', 'logs'))
    expect(existsSync(path.join(workDir, 'appData', 'Leave Desk'))).toBe(false)
  })

  it('serves index.html on app:// with the CSP header, and refuses paths out of the renderer folder', async () => {
    const handle = double.protocolHandlers.get('app')
    expect(handle).toBeDefined()
    const index = await handle!(new Request('app://leave-desk/'))
    expect(index.status).toBe(200)
    expect(index.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(index.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY)
    expect(await index.text()).toContain('<div id="root">')
    for (const escape of ['app://leave-desk/..%2f..%2fpackage.json', 'app://leave-desk/%2e%2e/%2e%2e/package.json', 'app://leave-desk/..%5c..%5cpackage.json']) {
      const refused = await handle!(new Request(escape))
      expect(refused.status, escape).toBe(404)
      expect(await refused.text()).not.toContain('"name"')
    }
  })

  it('binds exactly one handler to every channel of the contract, refusing callers that are not the app', async () => {
    for (const channel of Object.values(INVOKE_CHANNELS)) expect(double.ipcHandlers.get(channel), channel).toHaveLength(1)
    const others = [...double.ipcHandlers.keys()].filter((channel) => !Object.values<string>(INVOKE_CHANNELS).includes(channel))
    expect(others).toEqual(['__ELECTRON_LOG__']) // electron-log's own; the preload never exposes it
    const info = await invoke(INVOKE_CHANNELS.getAppInfo, APP_FRAME)
    expect(info).toMatchObject({ ok: true, value: { name: 'Leave Desk', backend: { kind: 'embedded-sandbox' } } })
    expect(await invoke(INVOKE_CHANNELS.getAppInfo, { url: 'https://evil.test/', parent: null })).toMatchObject({
      ok: false,
      error: { code: 'forbidden' }
    })
  })

  it('opens one hardened window on the app page, with timers that keep running in the background', () => {
    const [window] = double.windows
    expect(window!.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      backgroundThrottling: false,
      preload: path.join(REPO_ROOT, 'out', 'preload', 'preload.js')
    })
    expect(existsSync(window!.options.webPreferences!.preload as string)).toBe(true)
    expect(window!.loaded).toEqual(['app://leave-desk/index.html'])
  })

  it('has a menu with no key that closes the window or reloads the page without asking', () => {
    expect(double.menus).toHaveLength(1)
    const items = flattenMenu(double.menus[0]!.template as MenuItemConstructorOptions[])
    expect(items.map((item) => item.role).filter((role) => role && CLOSING_ROLES.includes(role))).toEqual([])
    const accelerators = items.map((item) => item.accelerator?.toString().toLowerCase()).filter(Boolean)
    for (const closing of ['cmdorctrl+w', 'ctrl+w', 'ctrl+f4', 'cmdorctrl+r', 'f5']) expect(accelerators).not.toContain(closing)
    expect(items.some((item) => item.label === 'Open logs folder')).toBe(true)
  })

  it('starts with updates off when no feed is configured: electron-updater never loaded, nothing to restart into', async () => {
    const loaded = Object.keys(require.cache).filter((file) => file.includes(`${path.sep}electron-updater${path.sep}`))
    expect(loaded).toEqual([])
    const items = menuItems(double)
    expect(items.map((item) => item.label)).not.toContain('Check for updates…')
    expect(await invoke(INVOKE_CHANNELS.getUpdateStatus, APP_FRAME)).toEqual({ ok: true, value: { state: 'none' } })
    expect(await invoke(INVOKE_CHANNELS.restartToUpdate, APP_FRAME)).toMatchObject({ ok: false, error: { code: 'not-found' } })
  })

  it('offers spelling suggestions and clipboard actions on right-click in a field', () => {
    const [window] = double.windows
    const flags = { canCut: true, canCopy: true, canPaste: true, canSelectAll: true }
    const params = { isEditable: true, selectionText: '', misspelledWord: 'anual', dictionarySuggestions: ['annual'], editFlags: flags }
    window!.webContents.emit('context-menu', cancellableEvent(), params)
    const [shown] = double.popups as MenuItemConstructorOptions[][]
    expect(shown?.map((item) => item.label ?? item.role ?? item.type)).toEqual([
      'annual', 'Add to dictionary', 'separator', 'cut', 'copy', 'paste', 'separator', 'selectAll'
    ])
  })

  it('refuses navigation away (a dropped file) and reloads a crashed page, telling the clerk', async () => {
    const [window] = double.windows
    const navigation = cancellableEvent()
    window!.webContents.emit('will-navigate', navigation, 'file:///home/clerk/leave.csv')
    expect(navigation.defaultPrevented).toBe(true)

    window!.webContents.emit('render-process-gone', cancellableEvent(), { reason: 'crashed', exitCode: 11 })
    expect(window!.loaded).toEqual(['app://leave-desk/index.html', 'app://leave-desk/index.html'])
    await until(() => double.dialogs.length > 0, 'the notice')
    expect(double.dialogs[0]).toMatchObject({ kind: 'message-box', options: { message: 'Leave Desk had to reload its window.' } })
  })

  it('closes without asking when nothing is being sent, and on quit closes the services once', async () => {
    const info = await invoke(INVOKE_CHANNELS.getAppInfo, APP_FRAME)
    const sandboxUrl = (info.value as { backend: { baseUrl: string } }).backend.baseUrl
    expect((await fetch(new URL('/Payroll/Entitlements', sandboxUrl))).status).toBeLessThan(500)

    const beforeQuit = cancellableEvent()
    double.app.emit('before-quit', beforeQuit)
    expect(beforeQuit.defaultPrevented).toBe(false)
    const [window] = double.windows
    window!.close()
    expect(window!.destroyed).toBe(true)

    const quitCallsBefore = double.app.quitCalls
    const firstWillQuit = cancellableEvent()
    double.app.emit('will-quit', firstWillQuit)
    expect(firstWillQuit.defaultPrevented).toBe(true) // waits for the services to close…
    await until(() => double.app.quitCalls > quitCallsBefore, 'quit after closing the services')
    const secondWillQuit = cancellableEvent()
    double.app.emit('will-quit', secondWillQuit)
    expect(secondWillQuit.defaultPrevented).toBe(false) // …once: the second will-quit goes straight through
    await expect(fetch(new URL('/Payroll/Entitlements', sandboxUrl))).rejects.toThrow()
  })
})
