import { describe, expect, it } from 'vitest'
import type { ClaimResult, DraftRecord, QueueStore, SendOutcome } from '../db'
import type { GroupWrite, GroupWritten } from '../db/queue'
import { noteEdit } from '../autosave/editActivity'
import { createBatchWriter, giveWayToTyping, HOLD_FOR_KEYSTROKE_MS, TYPING_WITHIN_MS } from './batchWriter'

/**
 * The group writer gives way to the clerk's typing: while they type, its transactions open just behind a
 * keystroke's save (which IndexedDB then runs first), or once they pause; with nobody typing, at once.
 * Against a queue store that records each transaction it is handed.
 */
const synced: SendOutcome = { kind: 'synced', serverId: 1 }
const claimed = (id: string): ClaimResult => ({ ok: true, value: { draft: { id } as DraftRecord, body: '' } }) as unknown as ClaimResult

function recordingQueue() {
  const groups: { writes: string[] }[] = []
  const queue: Pick<QueueStore, 'claimAndRecord'> = {
    claimAndRecord(group: GroupWrite): Promise<GroupWritten> {
      groups.push({ writes: [...group.outcomes.map(({ id }) => `outcome ${id}`), ...group.claims.map((id) => `claim ${id}`)] })
      return Promise.resolve({ recorded: group.outcomes.map(({ id }) => ({ ok: true, value: { id } as DraftRecord })), released: [], claimed: group.claims.map(claimed) })
    }
  }
  return { queue, groups }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('the batch writer while the clerk types', () => {
  it('with nobody typing, writes at once, a lane’s outcome and next claim in one transaction', async () => {
    noteEdit(performance.now() - TYPING_WITHIN_MS)
    const { queue, groups } = recordingQueue()
    const writer = createBatchWriter(queue, () => ({}))
    const written = await Promise.all([writer.recordOutcome('a1', synced), writer.claim('a2')])
    expect(written).toEqual([{ ok: true, value: { id: 'a1' } }, claimed('a2')])
    expect(groups.map((group) => group.writes)).toEqual([['outcome a1', 'claim a2']])
  })

  it('while they type, holds its next transaction until the next keystroke’s save has begun, taking all that waited', async () => {
    noteEdit()
    const { queue, groups } = recordingQueue()
    // A hold longer than the test: only the keystroke can let the transaction open.
    const writer = createBatchWriter(queue, () => ({}), () => giveWayToTyping(60_000))
    const written = Promise.all([writer.recordOutcome('a1', synced), writer.claim('a2'), writer.recordOutcome('b1', synced)])
    await pause(50)
    expect(groups).toEqual([]) // nothing opened between two keystrokes

    noteEdit()
    await written
    expect(groups.map((group) => group.writes)).toEqual([['outcome a1', 'outcome b1', 'claim a2']])
  })

  it('goes anyway once they pause, so a batch never waits on typing for long', async () => {
    noteEdit()
    const { queue, groups } = recordingQueue()
    const writer = createBatchWriter(queue, () => ({}), () => giveWayToTyping(30))
    const started = performance.now()
    await writer.claim('a1')
    expect(groups.map((group) => group.writes)).toEqual([['claim a1']])
    expect(performance.now() - started).toBeGreaterThanOrEqual(25) // it did hold, then went without a keystroke
    expect(HOLD_FOR_KEYSTROKE_MS).toBeLessThanOrEqual(150)
  })
})
