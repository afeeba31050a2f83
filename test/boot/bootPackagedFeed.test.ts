import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bootPackaged, PACKAGED_FEED } from './bootPackaged'

/**
 * An installed copy with its own feed (the AppImage: no package-type). LEAVE_DESK_UPDATE_FEED_URL is set,
 * as a user (or malware) could set it: without a machine policy allowing it, the installed copy ignores it
 * and keeps its own feed and publisher check.
 */
let started: Awaited<ReturnType<typeof bootPackaged>>
beforeAll(async () => {
  started = await bootPackaged({ 'app-update.yml': PACKAGED_FEED }, { LEAVE_DESK_UPDATE_FEED_URL: 'https://attacker.example/feed/' })
}, 30_000)
afterAll(() => started?.cleanUp())

describe('an installed copy', () => {
  it('refuses the env’s feed (logged) and checks only the packaged feed', () => {
    expect(started.log).toContain('LEAVE_DESK_UPDATE_FEED_URL is ignored in an installed copy unless machine policy allows it')
    expect(started.log).toContain('Updates on (feed from the packaged app-update.yml)')
    expect(started.log).not.toContain('Updates on (feed https://attacker.example')
  })

  it('on Linux takes spelling dictionaries from that feed only', () => {
    expect(started.booted.double.calls).toContain('session.setSpellCheckerDictionaryDownloadURL https://updates.office.example/leave-desk/dictionaries/')
    expect(started.booted.double.calls).toContain('session.setSpellCheckerLanguages en-AU,en-NZ')
  })
})
