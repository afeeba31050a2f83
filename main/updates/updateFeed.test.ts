import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { createInFlightRequests } from '../inFlightRequests'
import { writeGenericFeedConfig } from './feedConfigFile'
import { openUpdateService } from './openUpdateService'
import { findUpdateFeed, updateFeedAddress, type FindUpdateFeedInput } from './updateFeed'
import { UpdaterDouble } from './testSupport/updaterDouble'

const RESOURCES = path.join('/opt', 'Leave Desk', 'resources')
const feedFile = path.join(RESOURCES, 'app-update.yml')
const find = (input: Partial<FindUpdateFeedInput>) =>
  findUpdateFeed({ isPackaged: true, resourcesPath: RESOURCES, exists: (p) => p === feedFile, ...input })

describe('findUpdateFeed', () => {
  it('uses the app-update.yml the releaser\'s publish provider put in the packaged app', () => {
    expect(find({})).toEqual({ kind: 'packaged', configPath: feedFile })
  })

  it('is off in a packaged app built without a publish provider', () => {
    expect(find({ exists: () => false }).kind).toBe('off')
  })

  it('never checks in a development run, even with an app-update.yml lying around, unless the env names a feed', () => {
    expect(find({ isPackaged: false, exists: () => true }).kind).toBe('off')
    expect(find({ isPackaged: false, envFeedUrl: 'http://127.0.0.1:8080/feed/' })).toEqual({ kind: 'env', url: 'http://127.0.0.1:8080/feed/' })
  })

  it('ignores the env in an installed copy (with a warning) unless machine policy allows it, and then keeps the packaged publisher check', () => {
    const warnings: string[] = []
    const env = 'https://updates.example.com/leave-desk'
    expect(find({ envFeedUrl: env, warn: (m) => warnings.push(m) })).toEqual({ kind: 'packaged', configPath: feedFile })
    expect(warnings).toEqual([expect.stringContaining('LEAVE_DESK_UPDATE_FEED_URL is ignored in an installed copy')])
    expect(find({ envFeedUrl: env, policy: { allowUpdateFeedFromEnvironment: true } })).toEqual({ kind: 'override', configPath: feedFile, url: env })
    // Without a packaged app-update.yml there is no publisher to check against: no override either.
    expect(find({ envFeedUrl: env, policy: { allowUpdateFeedFromEnvironment: true }, exists: () => false }).kind).toBe('off')
  })

  it('takes the organisation\'s feed from policy, keeping the packaged publisher check, and refuses plain http to another computer', () => {
    expect(find({ policy: { updateFeedUrl: 'https://mirror.office/leave-desk/' } })).toEqual({
      kind: 'override',
      configPath: feedFile,
      url: 'https://mirror.office/leave-desk/'
    })
    const warnings: string[] = []
    expect(find({ policy: { updateFeedUrl: 'http://mirror.office/' }, warn: (m) => warnings.push(m) })).toEqual({ kind: 'packaged', configPath: feedFile })
    expect(find({ isPackaged: false, envFeedUrl: 'not a url', warn: (m) => warnings.push(m) }).kind).toBe('off')
    expect(warnings).toHaveLength(2)
  })

  it('is off when policy says so, and for a deb or a per-machine install, whatever the feed', () => {
    expect(find({ policy: { updates: 'off' } })).toEqual({ kind: 'off', reason: "your organisation's policy turns them off" })
    expect(find({ isPackaged: false, envFeedUrl: 'http://127.0.0.1:1/', policy: { updates: 'off' } }).kind).toBe('off')
    expect(find({ updatedElsewhere: 'it was installed from the deb package' })).toEqual({ kind: 'off', reason: 'it was installed from the deb package' })
  })
})

describe('updateFeedAddress', () => {
  it('reads a generic feed’s https address from app-update.yml, or takes the one set in code; GitHub feeds have none', () => {
    const yml = (text: string) => () => text
    expect(updateFeedAddress(find({}), yml('provider: generic\nurl: https://updates.office.example/leave-desk/\n'))).toBe('https://updates.office.example/leave-desk/')
    expect(updateFeedAddress(find({}), yml('owner: org\nrepo: leave-desk\nprovider: github\n'))).toBeNull()
    expect(updateFeedAddress({ kind: 'override', configPath: feedFile, url: 'https://mirror.office/' }, yml(''))).toBe('https://mirror.office/')
    expect(updateFeedAddress({ kind: 'off', reason: 'x' }, yml('provider: generic\nurl: https://a/\n'))).toBeNull()
  })
})

describe('openUpdateService', () => {
  const log = { info: () => {}, warn: () => {}, error: () => {} }
  const inFlight = createInFlightRequests()

  it('never loads the updater without a feed', async () => {
    let loads = 0
    const loadUpdater = async () => (loads++, new UpdaterDouble())
    const service = await openUpdateService({ feed: find({ isPackaged: false }), isPackaged: false, userDataDir: '/nowhere', inFlight, log, loadUpdater })
    expect(service.enabled).toBe(false)
    expect(loads).toBe(0)
  })

  it('turns updates on with a feed, and off (never crashing) when the updater cannot be set up', async () => {
    const on = await openUpdateService({ feed: find({}), isPackaged: true, userDataDir: '/nowhere', inFlight, log, loadUpdater: async () => new UpdaterDouble() })
    expect(on.enabled).toBe(true)
    const warnings: string[] = []
    const broken = await openUpdateService({
      feed: find({}),
      isPackaged: true,
      userDataDir: '/nowhere',
      inFlight,
      log: { ...log, warn: (m) => warnings.push(m) },
      loadUpdater: () => Promise.reject(new Error('Cannot find module'))
    })
    expect(broken.enabled).toBe(false)
    expect(warnings).toEqual(['Updates off: the updater could not be set up (Cannot find module)'])
  })
})

describe('writeGenericFeedConfig', () => {
  it('writes the generic-provider app-update.yml electron-updater reads, with the URL quoted', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'leave-desk-feed-'))
    try {
      const url = 'https://updates.example.com/leave desk/#x: y'
      const file = await writeGenericFeedConfig(path.join(dir, 'updates'), url)
      const lines = (await readFile(file, 'utf8')).trim().split('\n')
      expect(lines[0]).toBe('provider: generic')
      expect(JSON.parse(lines[1]?.replace(/^url: /, '') ?? '')).toBe(url)
      expect(lines[2]).toBe('updaterCacheDirName: leave-desk-updater')
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
