import { existsSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import Module, { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { MenuItemConstructorOptions } from 'electron'
import { createElectronDouble, type ElectronDouble } from './electronDouble'

export const REPO_ROOT = path.resolve(__dirname, '../..')
const MAIN_ENTRY = path.join(REPO_ROOT, 'out', 'main', 'index.js')
export const APP_FRAME = { url: 'app://leave-desk/index.html', parent: null }

export interface BootedMain {
  double: ElectronDouble
  workDir: string
  /** What the entry asked of Electron before `ready`. */
  callsBeforeReady: string[]
  invoke(channel: string, frame: unknown, ...args: unknown[]): Promise<{ ok: boolean; value?: unknown; error?: { code: string } }>
}

/**
 * Starts the built main process (`out/main/index.js`, as packaged) under plain Node, with an `electron`
 * double in Node's module cache so `require('electron')` (the entry's and electron-log's) finds it, then
 * fires `ready` and waits for the window. The entry runs its top-level code once per process: one boot
 * per test file (vitest runs each file in its own process). Needs `npm run build`.
 */
export async function bootBuiltMain(
  env: Record<string, string> = {},
  options: { expectWindow?: boolean; /** Changes the double before the entry loads (to make Electron fail). */ tamper?: (double: ElectronDouble) => void } = {}
): Promise<BootedMain> {
  if (!existsSync(MAIN_ENTRY)) throw new Error('Build the app first: npm run build')
  const workDir = await mkdtemp(path.join(tmpdir(), 'leave-desk-boot-'))
  for (const name of ['LEAVE_DESK_USER_DATA_DIR', 'LEAVE_DESK_API_URL', 'ELECTRON_RENDERER_URL', 'LEAVE_DESK_UPDATE_FEED_URL', 'LEAVE_DESK_POLICY_FILE']) delete process.env[name]
  Object.assign(process.env, env)
  const double = createElectronDouble({ appDataDir: path.join(workDir, 'appData') })
  options.tamper?.(double)

  const nodeRequire = createRequire(MAIN_ENTRY)
  const electronPath = nodeRequire.resolve('electron')
  const cached = new Module(electronPath)
  cached.filename = electronPath
  cached.loaded = true
  cached.exports = double.electron
  nodeRequire.cache[electronPath] = cached

  nodeRequire(MAIN_ENTRY)
  const callsBeforeReady = [...double.calls]
  double.app.fireReady()
  if (options.expectWindow !== false) await until(() => double.windows.length === 1, 'the window')

  const invoke: BootedMain['invoke'] = (channel, frame, ...args) => {
    const [handler] = double.ipcHandlers.get(channel) ?? []
    if (!handler) throw new Error(`No handler for ${channel}`)
    return handler({ senderFrame: frame }, ...args) as ReturnType<BootedMain['invoke']>
  }
  return { double, workDir, callsBeforeReady, invoke }
}

/** Polls `condition` every 20 ms for at most 10 s. */
export async function until(condition: () => boolean, what: string): Promise<void> {
  for (let waited = 0; waited < 10_000; waited += 20) {
    if (condition()) return
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error(`Timed out waiting for ${what}`)
}

/** A menu template's items, submenus flattened. */
export function flattenMenu(items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? flattenMenu(item.submenu) : [])])
}

/** Every item of the application menu the app set last. */
export function menuItems(double: ElectronDouble): MenuItemConstructorOptions[] {
  return flattenMenu((double.menus.at(-1)?.template ?? []) as MenuItemConstructorOptions[])
}
