import { describe, expect, it } from 'vitest'
import { PROGRESS_INFO_MAX_AGE_MS, withProgressInfoThatNeverRejects } from './remoteProgressInfo'

/**
 * The replicator's progress asks (`info()` after each batch): the server is asked at most once per
 * PROGRESS_INFO_MAX_AGE_MS however fast batches come, and a server gone answers neutrally instead of
 * rejecting (an unhandled rejection in the app's log), without that answer being kept.
 */
function countingRemote() {
  let asked = 0
  let down = false
  const remote = {
    info: () => {
      asked += 1
      return down ? Promise.reject(new Error('connection refused')) : Promise.resolve({ update_seq: asked, db_name: 'leave-desk-file-7' })
    }
  }
  return { remote, asked: () => asked, goDown: () => (down = true), comeBack: () => (down = false) }
}

describe('the team server’s progress info', () => {
  it('asks the server at most once a second while batches come faster', async () => {
    let clock = 0
    const server = countingRemote()
    const db = withProgressInfoThatNeverRejects(server.remote, () => clock) as typeof server.remote
    for (let batch = 0; batch < 10; batch++) {
      expect(await db.info()).toEqual({ update_seq: 1, db_name: 'leave-desk-file-7' })
      clock += 50
    }
    expect(server.asked()).toBe(1)
    clock = PROGRESS_INFO_MAX_AGE_MS
    expect((await db.info()).update_seq).toBe(2)
    expect(server.asked()).toBe(2)
  })

  it('answers neutrally while the server is gone, and asks it again at the next batch', async () => {
    const clock = 0
    const server = countingRemote()
    const db = withProgressInfoThatNeverRejects(server.remote, () => clock) as typeof server.remote
    server.goDown()
    expect(await db.info()).toEqual({ update_seq: 0, db_name: 'team ledger (not reached)' })
    server.comeBack()
    expect((await db.info()).update_seq).toBe(2)
    expect(server.asked()).toBe(2)
  })
})
