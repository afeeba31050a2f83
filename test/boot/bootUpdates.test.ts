import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { menuItems, until } from './bootBuiltMain'
import { cleanUpAfterAll } from './cleanUpAfterAll'

/**
 * The built app with a feed named by LEAVE_DESK_UPDATE_FEED_URL: it loads the real electron-updater
 * (through Node's import(), as in Electron) and points it at the feed. Nothing listens at that address, so
 * the check itself fails: that failure must be logged and told plainly, never crash the app.
 */
const { boot } = cleanUpAfterAll()

describe('a start with an update feed set by the env', () => {
  it('turns updates on, offers Help → Check for updates, and survives a check that fails', async () => {
    const booted = await boot({ LEAVE_DESK_UPDATE_FEED_URL: 'http://127.0.0.1:9/leave-desk/' })
    const { double, workDir } = booted
    const userData = path.join(workDir, 'appData', 'leave-desk')
    const logFile = path.join(userData, 'logs', 'main.log')
    await until(() => existsSync(logFile) && readFileSync(logFile, 'utf8').includes('Updates on'), 'updates on')

    const feedConfig = readFileSync(path.join(userData, 'updates', 'app-update.yml'), 'utf8')
    expect(feedConfig).toContain('url: "http://127.0.0.1:9/leave-desk/"')

    const check = menuItems(double).find((item) => item.label === 'Check for updates…')
    expect(check).toBeDefined()
    check!.click!({} as never, undefined, {} as never)

    await until(() => double.dialogs.length > 0, 'the answer to the check')
    expect(double.dialogs[0]).toMatchObject({ kind: 'message-box', options: { message: 'Leave Desk could not check for updates just now.' } })
    expect(readFileSync(logFile, 'utf8')).toContain('Update failed')
    expect(double.app.exitCodes).toEqual([])
  })
})
