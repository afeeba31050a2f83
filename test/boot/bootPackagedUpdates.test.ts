import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bootPackaged, PACKAGED_FEED } from './bootPackaged'

/**
 * An installed copy from the deb: electron-builder's `package-type` file says so. LEAVE_DESK_UPDATE_FEED_URL
 * is set, as a user (or malware) could set it: a deb leaves updating to apt altogether.
 */
let started: Awaited<ReturnType<typeof bootPackaged>>
beforeAll(async () => {
  started = await bootPackaged({ 'app-update.yml': PACKAGED_FEED, 'package-type': 'deb' }, { LEAVE_DESK_UPDATE_FEED_URL: 'https://attacker.example/feed/' })
}, 30_000)
afterAll(() => started?.cleanUp())

describe('an installed copy', () => {
  it('installed from the deb: the in-app updater is off (apt updates it), whatever the env names', () => {
    expect(started.log).toContain("Updates off: it was installed from the deb package, which the system's package manager updates")
    expect(started.log).not.toContain('attacker.example')
  })
})
