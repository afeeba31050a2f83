import { existsSync, readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { APP_FRAME, until } from './bootBuiltMain'
import { bootClerkAppImage, checkFromHelpMenu, NEW_RELEASE, OLD_RELEASE, statusesSent } from './clerkAppImage'
import { cleanUpAfterAll } from './cleanUpAfterAll'

/**
 * The feed names the release's sha512, and the file served is not that release (altered on the server
 * or on the way): electron-updater's checksum refuses it. The clerk is never offered "Restart to update",
 * the AppImage they run is untouched, and the failure is in the log.
 */
const { later } = cleanUpAfterAll()

describe('a download that is not the release the feed names', () => {
  it('is refused by its checksum: no restart is offered and the installed AppImage stays as it was', async () => {
    const altered = Buffer.from(NEW_RELEASE.toString('utf8').replace('0.2.0 started', '0.2.0 STARTED'))
    const clerk = await bootClerkAppImage(altered)
    later(() => clerk.cleanUp())
    const { booted, appImage, startedMarker, pendingDir } = clerk
    const logFile = path.join(booted.workDir, 'appData', 'leave-desk', 'logs', 'main.log')

    expect(await checkFromHelpMenu(booted)).toMatch(/^Version 0\.2\.0 is downloading\.$/)
    await until(() => readFileSync(logFile, 'utf8').includes('Update failed'), 'the refused download')
    expect(readFileSync(logFile, 'utf8')).toMatch(/Update failed: .*sha512 checksum mismatch/)
    expect(clerk.feed.asked).toContain('/leave-desk/Leave-Desk-0.2.0.AppImage')

    expect(statusesSent(booted).map((status) => status.state)).not.toContain('ready')
    expect(await booted.invoke('updates:status', APP_FRAME)).toMatchObject({ ok: true, value: { state: 'none' } })
    expect(await booted.invoke('updates:restart', APP_FRAME)).toMatchObject({ ok: false })
    const kept = existsSync(pendingDir) ? readdirSync(pendingDir).filter((name) => name.endsWith('.AppImage')) : []
    expect(kept).toEqual([])
    expect(readFileSync(appImage, 'utf8')).toBe(OLD_RELEASE)
    expect(booted.double.app.quitCalls).toBe(0)
    expect(existsSync(startedMarker)).toBe(false)
  })
})
