import { test as base, type Page, type TestInfo } from '@playwright/test'
import type { Services } from '../../../shared/ipc'
import { DEMO_CREDENTIALS, type Sandbox } from '../../../main/sandbox'
import { bindLeaveDesk } from './bindLeaveDesk'
import { collectConsoleErrors } from './consoleErrors'
import { startMainServices, type MainServicesOptions } from './mainServices'
import { staleRendererSources } from './rendererBuild'
import { startRendererServer } from './rendererServer'
import { saveScreenshot } from './screenshots'

/**
 * `test` with an `app` fixture: the built renderer served over http, `window.leaveDesk` bound to main's
 * real services, and a peer sandbox behind them that the test can break and inspect.
 *
 *   import { test, expect } from './harness/fixtures'
 *   test('…', async ({ app }) => { await app.open(); … })
 *
 * Per-test options: `test.use({ appOptions: { sandbox: { ratePerSecond: 1 }, settings: { bodyFormat: 'xml' } } })`.
 */
export type AppOptions = MainServicesOptions

export interface DemoAccount {
  username: string
  password: string
  /** The clerk's first file, and a second one they may also use. */
  fileId: 1001
  otherFileId: 1002
}

export interface LeaveDeskApp {
  page: Page
  /** Where the renderer is served: 'http://127.0.0.1:<port>'. */
  baseUrl: string
  /** The API the services talk to: faults (down/up/add/clear), store, stats. */
  sandbox: Sandbox
  /** Main's services, to arrange state without the UI (e.g. sign in before open()). */
  services: Services
  demo: DemoAccount
  /** Loads the app page; `path` is relative to the served root, default '/'. */
  open(path?: string): Promise<void>
  /** Reloads the page: same origin and IndexedDB, leaveDesk installed again. */
  reload(): Promise<void>
  /** Saves test-results/<test>/<name>.png and answers its path; `docs` also writes docs/<name>.png. */
  screenshot(name: string, options?: { docs?: boolean }): Promise<string>
  /** Uncaught page errors and console errors so far (CSP violations included). */
  consoleErrors(): string[]
}

const DEMO: DemoAccount = { ...DEMO_CREDENTIALS.clerk, fileId: 1001, otherFileId: 1002 }

/** The app window's size (main/window/window.ts), so screenshots look like the app. */
const APP_WINDOW = { width: 1200, height: 800 }

let staleWarning: string | null | undefined

export const test = base.extend<{ appOptions: AppOptions; app: LeaveDeskApp }>({
  appOptions: [{}, { option: true }],
  viewport: APP_WINDOW,

  app: async ({ page, appOptions }, use, testInfo) => {
    const server = await startRendererServer()
    const stopAll: (() => Promise<unknown>)[] = [() => server.close()]
    try {
      const started = await startLeaveDeskApp(page, server.baseUrl, appOptions, testInfo)
      stopAll.push(started.stop)
      await use(started.app)
      await started.attachLogIfFailed()
    } finally {
      await stopInOrder(stopAll.reverse())
    }
  }
})

/**
 * One clerk's app: main's real services (own data folder and settings) bound to `page`, served from
 * `baseUrl`. The `app` fixture starts one; the two-clerk fixture (twoClerks.ts) starts one per clerk,
 * each page in its own browser context, so each has its own IndexedDB.
 */
export async function startLeaveDeskApp(
  page: Page,
  baseUrl: string,
  options: AppOptions,
  testInfo: TestInfo
): Promise<{ app: LeaveDeskApp; stop: () => Promise<void>; attachLogIfFailed: () => Promise<void> }> {
  const stopAll: (() => Promise<unknown>)[] = []
  try {
    noteStaleBuild(testInfo.annotations)
    const main = await startMainServices(options)
    stopAll.push(() => main.close())
    const consoleErrors = collectConsoleErrors(page)
    const unbind = await bindLeaveDesk(page, {
      services: main.running.services,
      origin: baseUrl,
      log: (message) => main.log.push(message)
    })
    // The page goes first, so nothing it still sends reaches services that are shutting down.
    stopAll.push(async () => {
      unbind()
      await page.close()
    })
    const app: LeaveDeskApp = {
      page,
      baseUrl,
      sandbox: main.sandbox,
      services: main.running.services,
      demo: DEMO,
      async open(path = '/') {
        if (!path.startsWith('/')) throw new Error(`open() takes a path from the served root, like '/': got "${path}".`)
        await page.goto(`${baseUrl}${path}`)
      },
      async reload() {
        await page.reload()
      },
      screenshot: (name, screenshotOptions) => saveScreenshot(page, testInfo, name, screenshotOptions),
      consoleErrors
    }
    return {
      app,
      stop: () => stopInOrder(stopAll.splice(0).reverse()),
      async attachLogIfFailed() {
        if (testInfo.status !== testInfo.expectedStatus && main.log.length > 0) {
          await testInfo.attach(`main-log${options.logName ? `-${options.logName}` : ''}`, { body: main.log.join('\n'), contentType: 'text/plain' })
        }
      }
    }
  } catch (error) {
    await stopInOrder(stopAll.reverse())
    throw error
  }
}

export { expect } from '@playwright/test'

/** Runs every step even when one fails, then reports the first failure. */
export async function stopInOrder(steps: (() => Promise<unknown>)[]): Promise<void> {
  const errors: unknown[] = []
  for (const step of steps) await step().catch((error: unknown) => errors.push(error))
  if (errors.length > 0) throw errors[0]
}

function noteStaleBuild(annotations: { type: string; description?: string }[]): void {
  if (staleWarning === undefined) {
    const stale = staleRendererSources()
    staleWarning =
      stale.length === 0
        ? null
        : `out/renderer is older than ${stale.length} source file(s) (e.g. ${stale[0]}): run \`npm run build\` to test the current code.`
    if (staleWarning) process.stderr.write(`[e2e harness] ${staleWarning}\n`)
  }
  if (staleWarning) annotations.push({ type: 'warning', description: staleWarning })
}
