import { test as base, type Browser, type TestInfo } from '@playwright/test'
import { startSandbox, type Sandbox } from '../../../main/sandbox'
import { defaultTeamDatabaseName } from '../../../shared/ipc/teamServer'
import { startTeamServer, type TeamServer } from '../../teamServer/startTeamServer'
import { setUpTeamOffice, teamPasswordOf } from '../../teamServer/teamServerUsers'
import { startLeaveDeskApp, stopInOrder, type AppOptions, type LeaveDeskApp } from './fixtures'
import { startRendererServer } from './rendererServer'

/**
 * Two clerks of one office, each with their own Leave Desk: own main services (data folder, settings,
 * encrypted team password), own browser context (IndexedDB: drafts and team replica), one payroll sandbox
 * and one team server between them. Each clerk is a `LeaveDeskApp`, so every step of the one-clerk specs
 * works on either.
 *
 *   import { test, expect } from './harness/twoClerks'
 *   test('…', async ({ office: { ana, ben } }) => { … })
 *
 * The team server is set up before either app starts (both clerks are members of the file's database),
 * and each app has it saved in Settings → Team, as IT would set an office up.
 */
export interface Office {
  ana: LeaveDeskApp
  ben: LeaveDeskApp
  payroll: Sandbox
  teamServer: TeamServer
}

export const OFFICE_CLERKS = ['ana', 'ben'] as const
const FILE_ID = 1001

export const test = base.extend<{ officeOptions: AppOptions; office: Office }>({
  officeOptions: [{}, { option: true }],
  office: async ({ browser, officeOptions }, use, testInfo) => {
    const stopAll: (() => Promise<unknown>)[] = []
    try {
      const renderer = await startRendererServer()
      stopAll.push(() => renderer.close())
      const payroll = await startSandbox({ port: 0, warn: () => undefined, ...officeOptions.sandbox })
      stopAll.push(() => payroll.close())
      const teamServer = await startTeamServer()
      stopAll.push(() => teamServer.stop())
      const database = defaultTeamDatabaseName(FILE_ID, false)
      await setUpTeamOffice(teamServer, database, OFFICE_CLERKS)

      const clerks: LeaveDeskApp[] = []
      const logs: (() => Promise<void>)[] = []
      for (const clerk of OFFICE_CLERKS) {
        const started = await clerkApp(browser, renderer.baseUrl, { ...officeOptions, sharedSandbox: payroll, hostName: `${clerk.toUpperCase()}-PC`, logName: clerk }, testInfo)
        stopAll.push(started.stop)
        logs.push(started.attachLogIfFailed)
        const saved = await started.app.services.saveTeamServer({ address: teamServer.url, userName: clerk, password: teamPasswordOf(clerk), fileId: FILE_ID, database })
        if (!saved.ok) throw new Error(`The team server could not be saved for ${clerk}: ${saved.error.message}`)
        clerks.push(started.app)
      }
      const [ana, ben] = clerks as [LeaveDeskApp, LeaveDeskApp]
      await use({ ana, ben, payroll, teamServer })
      for (const attach of logs) await attach()
    } finally {
      await stopInOrder(stopAll.reverse())
    }
  }
})

/** A clerk's own browser context (own IndexedDB), closed with the app. */
async function clerkApp(browser: Browser, baseUrl: string, options: AppOptions, testInfo: TestInfo) {
  const context = await browser.newContext({ viewport: { width: 1200, height: 800 } })
  try {
    const started = await startLeaveDeskApp(await context.newPage(), baseUrl, options, testInfo)
    return { ...started, stop: () => started.stop().finally(() => context.close()) }
  } catch (error) {
    await context.close()
    throw error
  }
}

export { expect } from '@playwright/test'
