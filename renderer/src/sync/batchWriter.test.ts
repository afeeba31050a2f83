import { describe, expect, it } from 'vitest'
import type { ClaimResult, DraftRecord, QueueStore, SendOutcome } from '../db'
import type { GroupWrite, GroupWritten } from '../db/queue'
import { createBatchWriter, MAX_WRITES_PER_GROUP } from './batchWriter'

/**
 * The group writer's own rules, against a queue store that records each transaction it is handed: how
 * many writes share one (so the clerk's autosave never waits behind every lane's at once), which go
 * together, and that every write is answered by the transaction that holds it.
 */
const synced: SendOutcome = { kind: 'synced', serverId: 1 }
const claimed = (id: string): ClaimResult => ({ ok: true, value: { draft: { id } as DraftRecord, body: '' } }) as unknown as ClaimResult

function recordingQueue(fail?: (group: GroupWrite) => boolean) {
  const groups: GroupWrite[] = []
  let release: (() => void) | undefined
  const queue: Pick<QueueStore, 'claimAndRecord'> = {
    async claimAndRecord(group): Promise<GroupWritten> {
      groups.push(group)
      // The first transaction stays open until the test lets it end, so later writes pile up meanwhile.
      if (groups.length === 1) await new Promise<void>((resolve) => (release = resolve))
      if (fail?.(group)) throw new Error('storage failing')
      return {
        recorded: group.outcomes.map(({ id }) => ({ ok: true, value: { id } as DraftRecord })),
        released: group.releases.map(() => true),
        claimed: group.claims.map(claimed)
      }
    }
  }
  return { queue, groups, endFirst: () => release?.() }
}

const kinds = (group: GroupWrite) => [
  ...group.outcomes.map(({ id }) => `outcome ${id}`),
  ...group.releases.map(({ id }) => `release ${id}`),
  ...group.claims.map((id) => `claim ${id}`)
]
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('the batch writer', () => {
  it('puts at most four writes in a transaction, oldest first, a lane’s outcome with (or before) its next claim', async () => {
    const { queue, groups, endFirst } = recordingQueue()
    const writer = createBatchWriter(queue, () => ({}))
    const first = writer.claim('a1')
    await settle()
    // Four lanes answer while the first transaction is open: each hands in its outcome, then its next claim.
    const answered = ['a', 'b', 'c', 'd'].flatMap((lane) => [writer.recordOutcome(`${lane}1`, synced), writer.claim(`${lane}2`)])
    endFirst()
    await Promise.all([first, ...answered])

    expect(MAX_WRITES_PER_GROUP).toBe(4)
    expect(groups.map(kinds)).toEqual([
      ['claim a1'],
      ['outcome a1', 'outcome b1', 'claim a2', 'claim b2'],
      ['outcome c1', 'outcome d1', 'claim c2', 'claim d2']
    ])
  })

  it('answers every write from its own transaction, and lets the page run between two', async () => {
    const { queue, endFirst } = recordingQueue()
    let yields = 0
    const writer = createBatchWriter(queue, () => ({}), {
      maxWritesPerGroup: 2,
      yieldBetweenGroups: async () => {
        yields += 1
        await settle()
      }
    })
    const first = writer.claim('x')
    await settle()
    const later = [writer.recordOutcome('x', synced), writer.claim('y'), writer.release({ id: 'z' } as DraftRecord)]
    endFirst()

    expect(await first).toEqual(claimed('x'))
    expect(await Promise.all(later)).toEqual([{ ok: true, value: { id: 'x' } }, claimed('y'), true])
    // Three transactions ([x], [x, y], [z]): the page had a turn before each of the last two.
    expect(yields).toBe(2)
  })

  it('fails only the writes of a transaction that failed; the next one is still written', async () => {
    const { queue, groups, endFirst } = recordingQueue((group) => group.claims.includes('bad'))
    const writer = createBatchWriter(queue, () => ({}), { maxWritesPerGroup: 1 })
    const first = writer.claim('first')
    await settle()
    const bad = writer.claim('bad')
    const good = writer.claim('good')
    endFirst()

    await expect(first).resolves.toEqual(claimed('first'))
    await expect(bad).rejects.toThrow('storage failing')
    await expect(good).resolves.toEqual(claimed('good'))
    expect(groups.map(kinds)).toEqual([['claim first'], ['claim bad'], ['claim good']])
  })
})
