import { describe, expect, it } from 'vitest'
import { fail, type ApiResult } from '../../shared/apiError'
import type { InsertUpdateResult } from '../../shared/apiSchemas'
import { createWritesInFlight, MAX_SETTLED_WRITES } from './writesInFlight'

function deferred() {
  let settle: (answer: ApiResult<InsertUpdateResult>) => void = () => {}
  const promise = new Promise<ApiResult<InsertUpdateResult>>((resolve) => (settle = resolve))
  return { promise, settle }
}

describe('the writes main remembers for a page that reloads', () => {
  it('lists a keyed write while it is out, then hands its answer out exactly once', async () => {
    const writes = createWritesInFlight(() => 42)
    const write = deferred()
    const tracked = writes.track('d1:1', write.promise)
    expect(writes.list()).toEqual([{ requestKey: 'd1:1', startedAt: 42 }])
    expect(writes.takeSettled()).toEqual([])

    write.settle({ ok: true, value: { Id: 7, LastModifiedDateUtc: 'x' } })
    expect(await tracked).toEqual({ ok: true, value: { Id: 7, LastModifiedDateUtc: 'x' } })
    expect(writes.list()).toEqual([])
    expect(writes.takeSettled()).toEqual([{ requestKey: 'd1:1', outcome: { ok: true, value: { Id: 7, LastModifiedDateUtc: 'x' } } }])
    expect(writes.takeSettled()).toEqual([])
  })

  it('keeps nothing for a write without a key, and reports a write that threw as of unknown outcome', async () => {
    const writes = createWritesInFlight()
    await writes.track(undefined, Promise.resolve(fail({ code: 'network', message: 'down' })))
    await expect(writes.track('d2:1', Promise.reject(new Error('bridge broke')))).rejects.toThrow('bridge broke')
    expect(writes.takeSettled()).toMatchObject([{ requestKey: 'd2:1', outcome: { ok: false, error: { code: 'unknown-outcome' } } }])
  })

  it('keeps at most the newest answers when no page takes them', async () => {
    const writes = createWritesInFlight()
    for (let i = 0; i <= MAX_SETTLED_WRITES; i += 1) await writes.track(`d:${i}`, Promise.resolve(fail({ code: 'network', message: 'down' })))
    const settled = writes.takeSettled()
    expect(settled).toHaveLength(MAX_SETTLED_WRITES)
    expect(settled[0]?.requestKey).toBe('d:1')
  })
})
