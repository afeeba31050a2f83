import { describe, expect, it } from 'vitest'
import { inProcessLocks, webLocks, type WebLockManager } from './syncLocks'

/** A LockManager with the Web Locks `ifAvailable` behaviour, as browsers implement it. */
function fakeLockManager(): WebLockManager {
  const held = new Set<string>()
  return {
    async request(name, _options, callback) {
      if (held.has(name)) return callback(null)
      held.add(name)
      try {
        return await callback({ name })
      } finally {
        held.delete(name)
      }
    }
  }
}

describe.each([
  ['Web Locks', () => webLocks(fakeLockManager())],
  ['in-process locks', () => inProcessLocks()]
])('%s', (_name, makeLocks) => {
  it('lets only one holder run; the other does not wait and does not run', async () => {
    const locks = makeLocks()
    let release: () => void = () => {}
    const first = locks.runIfAvailable('sync', () => new Promise<string>((resolve) => (release = () => resolve('first'))))
    const second = await locks.runIfAvailable('sync', async () => 'second')
    release()
    expect(second).toEqual({ ran: false })
    expect(await first).toEqual({ ran: true, value: 'first' })
    expect(await locks.runIfAvailable('sync', async () => 'again')).toEqual({ ran: true, value: 'again' })
  })

  it('releases the lock when the work fails', async () => {
    const locks = makeLocks()
    await expect(locks.runIfAvailable('sync', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    expect(await locks.runIfAvailable('sync', async () => 1)).toEqual({ ran: true, value: 1 })
  })
})
