import { describe, expect, it, vi } from 'vitest'
import { ipcEvents } from '../../shared/ipc'
import { createWritesInFlight } from '../api/writesInFlight'
import { createInFlightRequests } from '../inFlightRequests'
import { forwardServiceEvents } from '../ipc/ipc'
import { createSenderPolicy } from '../ipc/senderPolicy'
import { createUpdateService, HELD_FOR_RESTART_MESSAGE } from './updateService'
import { UpdaterDouble } from './testSupport/updaterDouble'

function setUp(options: { restartWaitMs?: number } = {}) {
  const updater = new UpdaterDouble()
  const inFlight = createInFlightRequests()
  const logged: string[] = []
  const log = { info: (m: string) => logged.push(`info ${m}`), warn: (m: string) => logged.push(`warn ${m}`) }
  const service = createUpdateService({ updater, inFlight, log, ...options })
  return { updater, inFlight, logged, service }
}

function deferred(): { promise: Promise<void>; settle: () => void } {
  let settle = () => {}
  const promise = new Promise<void>((resolve) => (settle = resolve))
  return { promise, settle }
}

describe('update service', () => {
  it('downloads in the background and installs on quit, as electron-updater is told', () => {
    const { updater } = setUp()
    expect(updater.autoDownload).toBe(true)
    expect(updater.autoInstallOnAppQuit).toBe(true)
  })

  it('tells the app window that a version is downloading, then that it is ready', () => {
    const { updater, service } = setUp()
    const sent: unknown[][] = []
    const contents = { send: (...args: unknown[]) => sent.push(args), isDestroyed: () => false, getURL: () => 'app://leave-desk/index.html' }
    const none = () => () => {}
    forwardServiceEvents({
      services: { onSessionChanged: none, onConnectivityChanged: none, onUpdateStatus: service.onUpdateStatus },
      target: () => contents,
      isAllowedSender: createSenderPolicy()
    })

    updater.releases('1.4.0')

    expect(sent).toEqual([
      [ipcEvents.onUpdateStatus.channel, { state: 'downloading', version: '1.4.0' }],
      [ipcEvents.onUpdateStatus.channel, { state: 'ready', version: '1.4.0' }]
    ])
  })

  it('answers a reloaded window with the status it missed', async () => {
    const { updater, service } = setUp()
    updater.releases('1.4.0')
    expect(await service.getUpdateStatus()).toEqual({ ok: true, value: { state: 'ready', version: '1.4.0' } })
  })

  it('restarts into the update at once when nothing is being sent, and starts nothing new on the way out', async () => {
    const { updater, inFlight, service } = setUp()
    updater.releases('1.4.0')
    expect(await service.restartToUpdate()).toEqual({ ok: true, value: { restarting: true, waitingForSends: 0 } })
    expect(inFlight.heldBack()).toBe(HELD_FOR_RESTART_MESSAGE)
    await vi.waitFor(() => expect(updater.installs).toEqual([{ isSilent: false, isForceRunAfter: true }]))
    expect(inFlight.heldBack()).toBe(HELD_FOR_RESTART_MESSAGE)
  })

  it('refuses a restart when no update is ready', async () => {
    const { updater, service } = setUp()
    updater.emit('update-available', { version: '1.4.0' })
    const answer = await service.restartToUpdate()
    expect(answer.ok).toBe(false)
    if (!answer.ok) expect(answer.error.code).toBe('not-found')
    await new Promise((resolve) => setImmediate(resolve))
    expect(updater.installs).toEqual([])
  })

  it('holds the restart while a request is being sent, says so, and restarts once it is answered', async () => {
    const { updater, inFlight, service } = setUp()
    const statuses: unknown[] = []
    service.onUpdateStatus((status) => statuses.push(status))
    updater.releases('1.4.0')
    const first = deferred()
    const second = deferred()
    void inFlight.track(first.promise)
    void inFlight.track(second.promise)

    expect(await service.restartToUpdate()).toEqual({ ok: true, value: { restarting: false, waitingForSends: 2 } })
    expect(statuses.at(-1)).toEqual({ state: 'ready', version: '1.4.0', waitingForSends: 2 })
    // Asking again while it waits starts no second wait.
    expect(await service.restartToUpdate()).toEqual({ ok: true, value: { restarting: false, waitingForSends: 2 } })

    first.settle()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(updater.installs).toEqual([])

    second.settle()
    await vi.waitFor(() => expect(updater.installs).toHaveLength(1))
  })

  it('does not restart when the requests are still out after the wait, and says so; asking again waits again', async () => {
    const { updater, inFlight, logged, service } = setUp({ restartWaitMs: 50 })
    updater.releases('1.4.0')
    const stuck = deferred()
    void inFlight.track(stuck.promise)

    await service.restartToUpdate()
    await vi.waitFor(async () => {
      const status = await service.getUpdateStatus()
      expect(status.ok && status.value).toEqual({ state: 'ready', version: '1.4.0', restartHeldBack: 'still-sending' })
    })
    expect(updater.installs).toEqual([])
    expect(logged.some((line) => line.startsWith('warn Restart to update held back: 1 request(s)'))).toBe(true)

    expect(await service.restartToUpdate()).toEqual({ ok: true, value: { restarting: false, waitingForSends: 1 } })
    stuck.settle()
    await vi.waitFor(() => expect(updater.installs).toHaveLength(1))
  })

  it('sends nothing new while the restart waits, in words for the clerk, and lets the queue go on once it is held back', async () => {
    const { updater, inFlight, service } = setUp({ restartWaitMs: 50 })
    const writes = createWritesInFlight<{ Id: number }>({ inFlight })
    const sent: string[] = []
    const send = (key: string) => writes.track({ requestKey: key, current: 'practice' }, async () => (sent.push(key), { ok: true, value: { Id: 1 } }))
    updater.releases('1.4.0')
    const stuck = deferred()
    void inFlight.track(stuck.promise)

    await service.restartToUpdate()
    const held = await send('draft-1:1')
    expect(held).toMatchObject({ ok: false, error: { code: 'network', message: HELD_FOR_RESTART_MESSAGE } })
    expect(sent).toEqual([])

    await vi.waitFor(async () => {
      const status = await service.getUpdateStatus()
      expect(status.ok && status.value.restartHeldBack).toBe('still-sending')
    })
    expect(await send('draft-2:1')).toEqual({ ok: true, value: { Id: 1 } })
    expect(sent).toEqual(['draft-2:1'])
    stuck.settle()
  })

  it('logs an updater error without crashing, drops a failed download, and a failed check says "failed"', async () => {
    const { updater, logged, service } = setUp()
    const statuses: unknown[] = []
    service.onUpdateStatus((status) => statuses.push(status))
    updater.nextCheck = async (double) => {
      double.emit('update-available', { version: '1.4.0' })
      const error = new Error('net::ERR_INTERNET_DISCONNECTED')
      double.emit('error', error, error.message)
      throw error
    }

    expect(await service.check()).toEqual({ kind: 'failed' })
    expect(statuses).toEqual([{ state: 'downloading', version: '1.4.0' }, { state: 'none' }])
    expect(logged).toContain('warn Update failed: Error: net::ERR_INTERNET_DISCONNECTED')
  })

  it('a download that fails after the check has answered is logged and dropped, never left as an unheard rejection', async () => {
    const { updater, logged, service } = setUp()
    const unheard: unknown[] = []
    const onUnhandled = (reason: unknown) => void unheard.push(reason)
    process.on('unhandledRejection', onUnhandled)
    try {
      const failing = deferred()
      // electron-updater's order: the check answers with the download under way; the download fails later.
      updater.nextCheck = async (double) => {
        double.emit('update-available', { version: '1.4.0' })
        const downloadPromise = failing.promise.then(() => {
          const error = new Error('sha512 checksum mismatch')
          double.emit('error', error)
          throw error
        })
        return { downloadPromise }
      }
      expect(await service.check()).toEqual({ kind: 'downloading', version: '1.4.0' })
      failing.settle()
      await new Promise((resolve) => setTimeout(resolve, 20))
      expect(unheard).toEqual([])
      expect(logged).toContain('warn Update failed: Error: sha512 checksum mismatch')
      expect(await service.getUpdateStatus()).toEqual({ ok: true, value: { state: 'none' } })
    } finally {
      process.off('unhandledRejection', onUnhandled)
    }
  })

  it('keeps a downloaded update when a later check fails', async () => {
    const { updater, service } = setUp()
    updater.releases('1.4.0')
    updater.nextCheck = async (double) => {
      double.emit('error', new Error('503'))
      throw new Error('503')
    }
    expect(await service.check()).toEqual({ kind: 'ready', version: '1.4.0' })
  })

  it('reports a check that finds nothing as up to date', async () => {
    const { updater, service } = setUp()
    updater.nextCheck = async (double) => {
      double.emit('update-not-available', { version: '1.0.0' })
      return { isUpdateAvailable: false }
    }
    expect(await service.check()).toEqual({ kind: 'up-to-date' })
  })

  it('tells the clerk, keeps the update and lets requests go again, when restarting into it fails', async () => {
    const { updater, inFlight, logged, service } = setUp()
    updater.releases('1.4.0')
    updater.quitAndInstall = () => {
      throw new Error('installer missing')
    }
    await service.restartToUpdate()
    await vi.waitFor(async () => {
      const status = await service.getUpdateStatus()
      expect(status.ok && status.value).toEqual({ state: 'ready', version: '1.4.0', restartHeldBack: 'restart-failed' })
    })
    expect(logged).toContain('warn Restarting into the update failed: Error: installer missing')
    expect(inFlight.heldBack()).toBeUndefined()
  })

  it('starts periodic checks that never keep the app alive, and stops them', () => {
    vi.useFakeTimers()
    try {
      const { updater, service } = setUp()
      service.start()
      service.start()
      vi.advanceTimersByTime(15_000)
      expect(updater.checks).toBe(1)
      vi.advanceTimersByTime(4 * 60 * 60 * 1000)
      expect(updater.checks).toBe(2)
      service.stop()
      vi.advanceTimersByTime(8 * 60 * 60 * 1000)
      expect(updater.checks).toBe(2)
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('update service without a feed', () => {
  it('reports nothing, checks nothing and restarts into nothing', async () => {
    const service = createUpdateService({ updater: null, inFlight: createInFlightRequests(), log: { info: () => {}, warn: () => {} } })
    expect(service.enabled).toBe(false)
    expect(await service.check()).toEqual({ kind: 'off' })
    expect(await service.getUpdateStatus()).toEqual({ ok: true, value: { state: 'none' } })
    expect((await service.restartToUpdate()).ok).toBe(false)
  })
})
