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
})
