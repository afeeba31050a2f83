import { describe, expect, it } from 'vitest'
import { moveOldFormatReplica, replicaNameBeforeIndexeddb } from '../../../renderer/src/team/replicaFormat'
import { localLedgerName, type PouchConstructor } from '../../../renderer/src/team/openTeamLedger'
import { OLIVIA_DEC } from '../../../shared/team/testSupport/teamRequestSamples'
import { NodePouch } from '../../teamServer/pouchdbForNode'

/**
 * A clerk whose replica was kept in PouchDB's older format: its documents move into the new replica before
 * the ledger opens, conflicting revisions and what the team server never had included, and the old one goes.
 * Under Node both are PouchDB's memory store (the formats differ only in the page's IndexedDB).
 */
const Pouch = NodePouch as unknown as PouchConstructor
type Db = {
  bulkDocs(docs: unknown[], options?: { new_edits: boolean }): Promise<unknown>
  get(id: string, options?: { conflicts: boolean }): Promise<{ _rev: string; _conflicts?: string[] }>
  info(): Promise<{ doc_count: number }>
  close(): Promise<void>
}

describe('a replica of the older format', () => {
  it('moves into the new replica, conflicts kept, and the old one is deleted', async () => {
    const oldName = `old-format-${process.pid}-${Date.now()}`
    const newName = `${oldName}-new`
    const old = new Pouch(oldName, { adapter: 'memory' }) as Db
    const request = { ...OLIVIA_DEC, _id: 'request:ana-pc:d-1' }
    // Two revisions of one request (a conflict the team server held) and a claim only this replica had.
    await old.bulkDocs([{ ...request, _rev: '1-aaa', serverId: 501 }, { ...request, _rev: '1-bbb', serverId: 502 }, { _id: 'claim:x', _rev: '1-ccc', type: 'claim' }], { new_edits: false })
    await old.close()

    const existed = new Set([oldName])
    const moved = await moveOldFormatReplica({ PouchDB: Pouch, oldName, newName, oldAdapter: 'memory', exists: async (name) => existed.has(name) })

    expect(moved).toBe(true)
    const replica = new Pouch(newName, { adapter: 'memory' }) as Db
    const kept = await replica.get(request._id, { conflicts: true })
    expect([kept._rev, ...(kept._conflicts ?? [])].sort()).toEqual(['1-aaa', '1-bbb'])
    expect((await replica.info()).doc_count).toBe(2)
    await replica.close()
    const reopened = new Pouch(oldName, { adapter: 'memory' }) as Db
    expect((await reopened.info()).doc_count).toBe(0)
    await reopened.close()
  })

  it('is not looked for twice: with none on this computer, nothing is opened or created', async () => {
    const opened: string[] = []
    const Watching = function (name: string) {
      opened.push(name)
    } as unknown as PouchConstructor
    expect(await moveOldFormatReplica({ PouchDB: Watching, oldName: 'absent', newName: 'absent-new', exists: async () => false })).toBe(false)
    expect(opened).toEqual([])
  })

  it('had the name the replica had before, for the same payroll and file', () => {
    expect(replicaNameBeforeIndexeddb('leave-desk-https://api.saasu.com', 7)).toBe('leave-desk-https_api_saasu_com-team-file-7')
    expect(localLedgerName('leave-desk-https://api.saasu.com', 7)).toBe('leave-desk-https_api_saasu_com-ledger-file-7')
  })
})
