import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test'
import type { Services } from '../../../shared/ipc'
import playwrightConfig from '../../../playwright.config'
import { bindLeaveDesk } from '../../e2e/harness/bindLeaveDesk'
import { collectConsoleErrors } from '../../e2e/harness/consoleErrors'
import type { BenchApi } from '../browser/benchApi'
import type { IpcSockets } from './socketInvoke'

/** The app window's size (main/window/window.ts), so the list lays out as many rows as the clerk sees. */
const APP_WINDOW = { width: 1200, height: 800 }

/** Debian's Chromium with exactly the e2e project's launch options, so bench and e2e run the same browser. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ ...e2eLaunchOptions(), headless: true })
}

/** The same Chromium keeping its profile in `userDataDir` on disk, as Electron keeps the app's data folder. */
export function launchChromiumProfile(userDataDir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, { ...e2eLaunchOptions(), headless: true, viewport: APP_WINDOW })
}

function e2eLaunchOptions() {
  const project = playwrightConfig.projects?.find((candidate) => candidate.name === 'chromium')
  const launchOptions = project?.use?.launchOptions
  if (!launchOptions) throw new Error('playwright.config.ts has no chromium project with launchOptions to copy.')
  return launchOptions
}

/**
 * tsx (esbuild, keepNames) wraps named functions in `__name(…)`; Playwright ships functions to the page
 * as source text (the harness's init script, page.evaluate), where that helper does not exist. The e2e
 * runner's own transform has no such helper, so only the bench needs this stand-in, installed first.
 */
const TSX_NAME_HELPER = 'globalThis.__name = (target) => target'

/**
 * The page's calls to main: 'socket' (default) over a WebSocket (socketInvoke.ts), closest here to
 * Electron IPC's cost; BENCH_IPC=binding: Playwright's exposeBinding as the e2e tests use it, whose
 * ~2 ms of Node CPU per call the figures then include.
 */
export const BENCH_IPC: 'socket' | 'binding' = process.env.BENCH_IPC === 'binding' ? 'binding' : 'socket'

let ipcSockets: IpcSockets | undefined

/** The sockets the bench page's server carries (run.ts sets them once, with BENCH_IPC=socket). */
export function useIpcSockets(sockets: IpcSockets | undefined): void {
  ipcSockets = sockets
}

export type BenchCall = <K extends keyof BenchApi>(method: K, ...args: Parameters<BenchApi[K]>) => Promise<Awaited<ReturnType<BenchApi[K]>>>

export interface BenchPage {
  page: Page
  /** Calls `window.bench[method](...args)` in the page and answers its result. */
  call: BenchCall
  consoleErrors(): string[]
  close(): Promise<void>
}

/**
 * A fresh browser context (its own IndexedDB) on the bench page, with `window.leaveDesk` bound to
 * `services` by the e2e harness, through main's own IPC handlers, as the preload binds it in the app.
 */
export async function openBenchPage(browser: Browser, baseUrl: string, services: Services, log: string[]): Promise<BenchPage> {
  return openBenchPageIn(await browser.newContext({ viewport: APP_WINDOW }), baseUrl, services, log)
}

/** The same in a context given (closed with the page). */
export async function openBenchPageIn(context: BrowserContext, baseUrl: string, services: Services, log: string[]): Promise<BenchPage> {
  if (BENCH_IPC === 'socket' && !ipcSockets) throw new Error('BENCH_IPC=socket needs useIpcSockets(serveIpcSockets(server)) first.')
  try {
    await context.addInitScript({ content: TSX_NAME_HELPER })
    const page = await context.newPage()
    const consoleErrors = collectConsoleErrors(page)
    const socket = BENCH_IPC === 'socket' ? ipcSockets : undefined
    const unbind = await bindLeaveDesk(page, {
      services,
      origin: baseUrl,
      log: (message) => log.push(message),
      ...(socket ? { exposeInvoke: socket.expose } : {})
    })
    await page.goto(`${baseUrl}/`)
    await page.waitForFunction(() => 'bench' in globalThis)
    const call = ((method: string, ...args: unknown[]) =>
      page.evaluate(
        ({ method, args }) => {
          const bench = (globalThis as unknown as { bench: Record<string, (...values: unknown[]) => unknown> }).bench
          return bench[method]?.(...args)
        },
        { method, args }
      )) as BenchCall
    return {
      page,
      call,
      consoleErrors,
      async close() {
        unbind()
        await context.close()
      }
    }
  } catch (error) {
    await context.close().catch(() => undefined)
    throw error
  }
}
