import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { APP_FRAME, until } from './bootBuiltMain'
import { bootClerkAppImage, checkFromHelpMenu, NEW_RELEASE, NEW_VERSION, OLD_RELEASE, statusesSent } from './clerkAppImage'
import { cleanUpAfterAll } from './cleanUpAfterAll'

/**
 * A whole update on Linux, as a clerk's AppImage gets it: the built main with the real electron-updater
 * asks a generic feed on 127.0.0.1 (through the double's `net`, carried by Node's http), downloads the
 * release, checks its sha512, tells the window "ready", and on "Restart to update" replaces the AppImage
 * the clerk runs and starts the new one. Only Electron itself is a double.
 */
const { later } = cleanUpAfterAll()

describe('an update from a generic feed', () => {
  it('downloads the new version, says it is ready, and "Restart to update" replaces the AppImage and starts it', async () => {
    const clerk = await bootClerkAppImage()
    later(() => clerk.cleanUp())
    const { booted, appImage, startedMarker, pendingDir } = clerk

    expect(await checkFromHelpMenu(booted)).toMatch(/^Version 0\.2\.0 is (downloading|ready)\.$/)
    // The window hears it on the channel the header's "Restart to update" listens to.
    await until(() => statusesSent(booted).some((status) => status.state === 'ready'), 'the download')
    expect(statusesSent(booted).at(-1)).toEqual({ state: 'ready', version: NEW_VERSION })
    expect(await booted.invoke('updates:status', APP_FRAME)).toEqual({ ok: true, value: { state: 'ready', version: NEW_VERSION } })
    const downloaded = readdirSync(pendingDir).filter((name) => name.endsWith('.AppImage'))
    expect(downloaded).toEqual([`Leave-Desk-${NEW_VERSION}.AppImage`])
    expect(readFileSync(`${pendingDir}/${downloaded[0]}`)).toEqual(NEW_RELEASE)
    expect(readFileSync(appImage, 'utf8')).toBe(OLD_RELEASE)

    expect(await booted.invoke('updates:restart', APP_FRAME)).toEqual({ ok: true, value: { restarting: true, waitingForSends: 0 } })
    await until(() => booted.double.app.quitCalls > 0, 'the quit into the update')
    expect(readFileSync(appImage)).toEqual(NEW_RELEASE)
    await until(() => existsSync(startedMarker) && readFileSync(startedMarker, 'utf8').length > 0, 'the new version started')
    expect(readFileSync(startedMarker, 'utf8').trim()).toBe('Leave Desk 0.2.0 started')
    expect(booted.double.app.exitCodes).toEqual([])
  })
})
