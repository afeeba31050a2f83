import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ClaimResult, DraftRecord, QueueStore, SendOutcome } from '../db'
import type { GroupWrite, GroupWritten } from '../db/queue'
import { beginSave, noteEdit } from '../autosave/editActivity'
import { createBatchWriter, giveWayToTyping, HOLD_FOR_KEYSTROKE_MS, TYPING_WITHIN_MS } from './batchWriter'

/**
 * The group writer gives way to the clerk's typing: while they type, its transactions open once a
 * keystroke's save has committed, or once they pause (never while a save runs); with nobody typing, at once.
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

describe('the batch writer while the clerk types', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('with nobody typing, writes at once, a lane’s outcome and next claim in one transaction', async () => {
    noteEdit(performance.now() - TYPING_WITHIN_MS)
    const { queue, groups } = recordingQueue()
    const writer = createBatchWriter(queue, () => ({}))
    const written = await Promise.all([writer.recordOutcome('a1', synced), writer.claim('a2')])
    expect(written).toEqual([{ ok: true, value: { id: 'a1' } }, claimed('a2')])
    expect(groups.map((group) => group.writes)).toEqual([['outcome a1', 'claim a2']])
  })

  it('while they type, holds its next transaction until the keystroke’s save has committed, taking all that waited', async () => {
    vi.useFakeTimers()
    beginSave()() // a keystroke saved just now: the clerk is typing
    const { queue, groups } = recordingQueue()
    const writer = createBatchWriter(queue, () => ({}))
    const written = Promise.all([writer.recordOutcome('a1', synced), writer.claim('a2'), writer.recordOutcome('b1', synced)])
    await vi.advanceTimersByTimeAsync(HOLD_FOR_KEYSTROKE_MS - 50)
    expect(groups).toEqual([]) // nothing opened between two keystrokes

    const saved = beginSave() // the next keystroke's save opens its transaction
    await vi.advanceTimersByTimeAsync(200)
    expect(groups).toEqual([]) // nor beside that save, even past the pause allowed

    saved()
    await vi.advanceTimersByTimeAsync(0)
    await written
    expect(groups.map((group) => group.writes)).toEqual([['outcome a1', 'outcome b1', 'claim a2']])
  })

  it('goes on once a save that failed has ended too', async () => {
    vi.useFakeTimers()
    const failed = beginSave()
    const { queue, groups } = recordingQueue()
    const writer = createBatchWriter(queue, () => ({}))
    const written = writer.claim('a1')
    await vi.advanceTimersByTimeAsync(HOLD_FOR_KEYSTROKE_MS * 2)
    expect(groups).toEqual([])
    failed()
    failed() // told twice: counted once
    await vi.advanceTimersByTimeAsync(0)
    await written
    expect(groups.map((group) => group.writes)).toEqual([['claim a1']])
  })

  it('does not wait for ever on a save that never ends', async () => {
    vi.useFakeTimers()
    const neverEnds = beginSave()
    const { queue, groups } = recordingQueue()
    const writer = createBatchWriter(queue, () => ({}))
    const written = writer.claim('a1')
    await vi.advanceTimersByTimeAsync(HOLD_FOR_KEYSTROKE_MS * 2)
    expect(groups).toEqual([])
    await vi.advanceTimersByTimeAsync(HOLD_FOR_KEYSTROKE_MS * 4)
    await written
    expect(groups.map((group) => group.writes)).toEqual([['claim a1']])
    neverEnds() // so the next test starts with no save running
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
