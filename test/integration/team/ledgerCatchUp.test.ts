import { afterEach, describe, expect, it } from 'vitest'
import { openTeamLedger, type TeamLedger } from '../../../renderer/src/team/openTeamLedger'
import type { TeamRequestIndex } from '../../../renderer/src/team/teamRequestIndex'
import { teamRequestId, type TeamRequestDoc } from '../../../shared/team/teamRequestDoc'
import { OLIVIA_DEC } from '../../../shared/team/testSupport/teamRequestSamples'
import { NodePouch } from '../../teamServer/pouchdbForNode'

/**
 * A clerk joining an office whose ledger holds more than a few batches: while the replica catches up, the
 * ledger's index takes colleagues' requests from the replication's own batches instead of reading each one
 * back from the replica (ledgerFeed.ts). What that path leaves to the replica's changes feed must still
 * arrive: a request the server holds in two conflicting versions is shown as such, and what this computer
 * writes meanwhile reaches the index too.
 */
const ME = { installId: 'install-b', clerkName: 'ben at FRONT-DESK-2' }
const COLLEAGUE = { installId: 'install-a', clerkName: 'ana at FRONT-DESK-1' }
type Db = { bulkDocs(docs: unknown[], options?: { new_edits: boolean }): Promise<unknown>; put(doc: unknown): Promise<unknown>; close(): Promise<void> }

let ledger: TeamLedger | undefined
afterEach(async () => {
  await ledger?.stop()
  ledger = undefined
})

function colleagueRequest(n: number, by = COLLEAGUE): TeamRequestDoc {
  const draftId = `draft-${n}`
  return { ...OLIVIA_DEC, _id: teamRequestId(by.installId, draftId), draftId, employeeId: 2000 + n, serverId: 10_000 + n, enteredBy: by, changedBy: by }
}

function until(index: TeamRequestIndex, holds: () => boolean, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => (unsubscribe(), reject(new Error(`Timed out waiting until ${what}`))), 30_000)
    const check = () => {
      if (!holds()) return
      clearTimeout(timer)
      unsubscribe()
      resolve()
    }
    const unsubscribe = index.store.subscribe(check)
    check()
  })
}

describe('the ledger while the replica catches up', () => {
  it('every colleague’s request arrives, a conflicting one shown as such, and this computer’s own write too', async () => {
    const name = `catch-up-${process.pid}-${Date.now()}`
    const server = new NodePouch(`${name}-server`, { adapter: 'memory' }) as unknown as Db
    const colleagues = Array.from({ length: 1_300 }, (_, n) => colleagueRequest(n))
    await server.bulkDocs(colleagues)
    const conflicted = colleagueRequest(30_000)
    await server.bulkDocs(
      [
        { ...conflicted, _rev: '1-aaa', leaveStatus: 'Pending' },
        { ...conflicted, _rev: '1-bbb', leaveStatus: 'Approved' }
      ],
      { new_edits: false }
    )

    ledger = openTeamLedger({
      api: { teamFetch: () => Promise.reject(new Error('no team server in this test')) },
      fileId: 7,
      localName: `${name}-replica`,
      me: ME,
      PouchDB: NodePouch.defaults({ adapter: 'memory' }) as never,
      openPracticeTeam: () => new NodePouch(`${name}-server`, { adapter: 'memory' }),
      replication: { log: () => undefined }
    })
    const { requests, databases } = ledger
    // As soon as the first of the colleagues' requests is in (the catch-up still running), this
    // computer sends one of its own.
    const own = colleagueRequest(9_000, ME)
    await until(requests, () => requests.store.getState().byId.size > 0, 'a first request is indexed')
    await (databases.local as unknown as Db).put(own)

    const total = colleagues.length + 2
    await until(requests, () => requests.store.getState().byId.size === total && requests.store.getState().byId.get(conflicted._id)?.conflicted === true, `all ${total} are indexed, the conflict shown`)
    const byId = requests.store.getState().byId
    expect(byId.get(own._id)?.enteredBy).toEqual(ME)
    expect(byId.get(colleagues[1_299]!._id)?.employeeId).toBe(2000 + 1_299)
    expect(byId.get(conflicted._id)).toMatchObject({ conflicted: true, leaveStatus: 'Approved' })
    await server.close()
  })
})
