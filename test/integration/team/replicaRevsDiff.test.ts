import { describe, expect, it } from 'vitest'
import { answerRevsDiffForUnheldInOneRead } from '../../../renderer/src/team/replicaRevsDiff'
import { NodePouch } from '../../teamServer/pouchdbForNode'

/**
 * The replica's revsDiff (what the replicator asks before fetching a batch) answers exactly as PouchDB's
 * own: documents never held lack every revision; held ones (conflicting, deleted) are PouchDB's answer.
 * A wrong answer would make the replica skip a colleague's request, or fetch what it has again.
 */
type Db = {
  bulkDocs(docs: unknown[], options: { new_edits: boolean }): Promise<unknown>
  revsDiff(request: Record<string, string[]>): Promise<Record<string, { missing: string[] }>>
  allDocs(options: Record<string, unknown>): Promise<{ rows: Array<{ id: string; value: { rev: string }; doc?: { _conflicts?: string[] } }> }>
  replicate: { from(remote: unknown, options: Record<string, unknown>): PromiseLike<{ ok: boolean }> }
  close(): Promise<void>
}
const open = (name: string) => new NodePouch(name, { adapter: 'memory' }) as unknown as Db

describe('the replica’s revsDiff', () => {
  it('answers as PouchDB does for documents never held, held, conflicting and deleted', async () => {
    const name = `revs-diff-${process.pid}-${Date.now()}`
    const docs = [
      { _id: 'request:a:held', _rev: '1-aaa' },
      { _id: 'request:a:conflicted', _rev: '1-bbb' },
      { _id: 'request:a:conflicted', _rev: '1-ccc' },
      { _id: 'request:a:deleted', _rev: '2-eee', _deleted: true, _revisions: { start: 2, ids: ['eee', 'ddd'] } }
    ]
    const asked = {
      'request:a:never': ['1-xxx', '2-yyy'],
      'request:a:held': ['1-aaa', '2-fff'],
      'request:a:conflicted': ['1-bbb', '1-ccc', '1-ggg'],
      'request:a:deleted': ['1-ddd', '3-hhh']
    }
    const plain = open(`${name}-plain`)
    const wrapped = open(`${name}-wrapped`)
    await plain.bulkDocs(docs, { new_edits: false })
    await wrapped.bulkDocs(docs, { new_edits: false })
    answerRevsDiffForUnheldInOneRead(wrapped)

    const expected = await plain.revsDiff(asked)
    expect(await wrapped.revsDiff(asked)).toEqual(expected)
    expect(expected['request:a:never']?.missing).toEqual(['1-xxx', '2-yyy'])
    expect(expected['request:a:held']?.missing).toEqual(['2-fff'])
    expect(await wrapped.revsDiff({})).toEqual({})
    await plain.close()
    await wrapped.close()
  })

  it('while a replica that opened empty joins, reads nothing and still ends as PouchDB’s own replication does', async () => {
    const name = `revs-diff-joining-${process.pid}-${Date.now()}`
    const server = open(`${name}-server`)
    await server.bulkDocs(
      [
        ...Array.from({ length: 120 }, (_, n) => ({ _id: `request:a:${n}`, _rev: `1-${String(n).padStart(3, '0')}` })),
        { _id: 'request:a:twice', _rev: '1-bbb' },
        { _id: 'request:a:twice', _rev: '1-ccc' }
      ],
      { new_edits: false }
    )
    // Written on this computer while joining: one the server also has, one in conflict with the server's.
    const mine = [{ _id: 'request:a:7', _rev: '1-007' }, { _id: 'request:a:twice', _rev: '1-aaa' }]
    const plain = open(`${name}-plain`)
    const joining = open(`${name}-joining`)
    await plain.bulkDocs(mine, { new_edits: false })
    await joining.bulkDocs(mine, { new_edits: false })
    answerRevsDiffForUnheldInOneRead(joining, () => true)
    const allDocs = joining.allDocs.bind(joining)
    let reads = 0
    joining.allDocs = (options) => ((reads += 1), allDocs(options))

    await plain.replicate.from(server, { batch_size: 50 })
    await joining.replicate.from(server, { batch_size: 50 })

    expect(reads).toBe(0)
    const contents = async (db: Db) => (await db.allDocs({ conflicts: true, include_docs: true })).rows.map((row) => ({ id: row.id, rev: row.value.rev, conflicts: row.doc?._conflicts ?? [] }))
    expect(await contents(joining)).toEqual(await contents(plain))
    expect((await contents(joining)).find((row) => row.id === 'request:a:twice')?.conflicts).toHaveLength(2)
    for (const db of [server, plain, joining]) await db.close()
  })
})
