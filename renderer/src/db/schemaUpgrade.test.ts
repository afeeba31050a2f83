import { Dexie } from 'dexie'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { clashesOf, unconfirmedDuplicatesOf } from '../safeguards/draftClashes'
import { holidayRegionOf } from '../safeguards/holidayRegionStore'
import { workPatternOf } from '../safeguards/workPatterns'
import { DRAFT_STATUSES, type DraftStatus } from '../drafts/draftStatus'
import { fullPaidDay, sampleDraftContent } from '../drafts/testSupport/sampleDraft'
import { listDraftIds } from '../list/listDraftIds'
import { WORKING_STATUSES } from './draftQueries'
import type { DraftsRepository } from './draftsRepository'
import type { LeaveDeskDb } from './leaveDeskDb'
import { CURRENT_SCHEMA_VERSION, SCHEMA_HISTORY, declareSchemaHistory } from './schemaHistory'
import { TEST_DB_NAME, openTestDb, testRepository } from './testSupport/openTestDb'

/**
 * A clerk's machine may hold a database written by any past release. For every version in the history,
 * this writes that version's fixture with only that version's declarations (as that release would have),
 * then opens it with the current module and checks nothing was lost.
 *
 * When you append a version to SCHEMA_HISTORY, add its fixture here: rows in the shape that version
 * stored, and what the current code must read back. Older fixtures stay, with their `verify` updated to
 * the shape the upgrades now produce.
 */
interface VersionFixture {
  /** Raw rows, written through a Dexie that knows only the schema up to this version. */
  seed: (old: Dexie) => Promise<void>
  verify: (repo: DraftsRepository, db: LeaveDeskDb) => Promise<void>
}

const V1_DRAFT = {
  id: 'v1-draft-a',
  fileId: 1001,
  seq: 41,
  status: 'needs-attention',
  ...sampleDraftContent({
    leaveStatus: 'Approved',
    notes: 'written by release 1',
    items: [fullPaidDay('2026-03-02'), { date: '2026-03-03', hours: 7.6, isPaid: false }]
  }),
  attempts: 1,
  lastError: { code: 'validation', message: 'Refused.', fieldIssues: [{ field: 'items.1.hours', message: 'No.' }] },
  createdAt: 100,
  updatedAt: 200,
  queuedAt: 150,
  sentAt: 160
}
const { lastError: _serverMessage, ...v1Content } = V1_DRAFT
const V1_QUEUED = { ...v1Content, id: 'v1-draft-b', seq: 42, status: 'queued', nextAttemptAt: 300 }

const V5_TWICE = { otherServerId: 78, clerkName: 'mia at FRONT-DESK-1', foundAt: 410 }

const FIXTURES: Record<number, VersionFixture> = {
  1: {
    async seed(old) {
      await old.table('drafts').bulkAdd([V1_DRAFT, V1_QUEUED])
      await old.table('attempts').add({ draftId: V1_DRAFT.id, at: 160, outcome: 'validation', message: 'Refused.', httpStatus: 400 })
      await old.table('syncHistory').add({
        draftId: 'v1-synced', fileId: 1001, serverId: 9, lastModifiedDateUtc: 'lm', syncedAt: 90, markedByClerk: false,
        employeeId: 11, employeeName: 'Aroha Ngata', leaveTypeName: 'Annual Leave', leaveStatus: 'Pending',
        startDate: '2026-02-02', endDate: '2026-02-02', totalHours: 7.6
      })
      await old.table('employees').add({
        fileId: 1001, id: 11, firstName: 'Aroha', lastName: 'Ngata', displayName: 'Aroha Ngata', isActive: true,
        leaveBalances: [{ payItemId: 501, name: 'Annual Leave', hours: 76 }]
      })
      await old.table('leaveTypes').add({ fileId: 1001, id: 501, name: 'Annual Leave' })
      await old.table('referenceMeta').bulkAdd([
        { fileId: 1001, kind: 'employees', asOf: 80 },
        { fileId: 1001, kind: 'leaveTypes', asOf: 81 }
      ])
      await old.table('counters').add({ name: 'draftSeq', value: 42 })
    },
    async verify(repo) {
      expect(await repo.getDraft(V1_DRAFT.id)).toEqual(V1_DRAFT)
      expect(await repo.getDraft(V1_QUEUED.id)).toEqual(V1_QUEUED)
      expect((await repo.listDrafts(1001, { search: 'aroha', order: 'created' })).map((d) => d.id)).toEqual([
        V1_DRAFT.id,
        V1_QUEUED.id
      ])
      expect(await repo.countByStatus(1001)).toMatchObject({ 'needs-attention': 1, queued: 1 })
      // due, but held behind the same employee's earlier request that needs attention: the indexes work
      expect((await repo.queue.readyToSend(1000)).map((d) => d.id)).toEqual([])
      expect(await repo.listAttempts(V1_DRAFT.id)).toMatchObject([{ outcome: 'validation', httpStatus: 400 }])
      expect(await repo.listSyncHistory(1001)).toMatchObject([{ draftId: 'v1-synced', serverId: 9 }])
      expect((await repo.getEmployee(1001, 11))?.leaveBalances).toEqual([{ payItemId: 501, name: 'Annual Leave', hours: 76 }])
      expect(await repo.listLeaveTypes(1001)).toEqual([{ fileId: 1001, id: 501, name: 'Annual Leave' }])
      expect(await repo.referenceAsOf(1001, 'employees')).toBe(80)
      expect((await repo.createDraft(1001)).seq).toBe(43)
    }
  },
  2: {
    // Version 2 only added an index; rows are stored as in version 1. The fixture checks the new index
    // answers "held behind an earlier request", and that a deleted earlier request holds nothing back.
    async seed(old) {
      await old.table('drafts').bulkAdd([
        { ...v1Content, id: 'v2-earlier-deleted', seq: 7, status: 'queued', nextAttemptAt: 300, deletedAt: 310 },
        { ...v1Content, id: 'v2-next', seq: 8, status: 'queued', nextAttemptAt: 300 },
        { ...v1Content, id: 'v2-other-earlier', employeeId: 12, seq: 9, status: 'uncertain' },
        { ...v1Content, id: 'v2-other-held', employeeId: 12, seq: 10, status: 'queued', nextAttemptAt: 300 }
      ])
      await old.table('counters').add({ name: 'draftSeq', value: 10 })
    },
    async verify(repo) {
      expect((await repo.queue.readyToSend(1000)).map((d) => d.id)).toEqual(['v2-next'])
      expect(await repo.getDraft('v2-other-held')).toMatchObject({ status: 'queued', employeeId: 12, seq: 10 })
    }
  },
  3: {
    // Version 3 added start-date indexes and the safeguards' tables. The fixture checks an overlap is
    // found through the new index, and that a work pattern, a confirmed duplicate and a region survive.
    async seed(old) {
      await old.table('drafts').bulkAdd([
        { ...v1Content, id: 'v3-synced', seq: 1, status: 'synced', syncedAt: 400 },
        { ...v1Content, id: 'v3-copy', seq: 2, status: 'draft', notes: '' },
        { ...v1Content, id: 'v3-no-dates', seq: 3, status: 'draft', startDate: '', endDate: '' }
      ])
      await old.table('counters').add({ name: 'draftSeq', value: 3 })
      await old.table('workPatterns').add({ fileId: 1001, employeeId: 11, hours: [0, 7.6, 7.6, 7.6, 4, 0, 0], updatedAt: 5 })
      await old.table('confirmedDuplicates').add({ draftId: 'v3-copy', key: '11|501|2026-03-02|2026-03-03', confirmedAt: 6 })
      await old.table('holidayRegions').add({ fileId: 1001, region: 'AU-WA', chosenAt: 7 })
    },
    async verify(repo, db) {
      const copy = (await repo.getDraft('v3-copy'))!
      expect((await clashesOf(db, copy)).map((clash) => [clash.other.id, clash.exact])).toEqual([['v3-synced', true]])
      expect(await unconfirmedDuplicatesOf(db, copy)).toEqual([])
      expect((await workPatternOf(db, 1001, 11, 7.6)).hours).toEqual([0, 7.6, 7.6, 7.6, 4, 0, 0])
      expect(await holidayRegionOf(db, 1001)).toBe('AU-WA')
      // Version 4's upgrade gave these rows their derived fields: the new indexes find them.
      const list = (statuses: readonly DraftStatus[], search: string) => listDraftIds(db, 1001, { statuses, search })
      expect(await list(WORKING_STATUSES, '')).toEqual(['v3-no-dates', 'v3-copy'])
      expect(await list(['synced'], '')).toEqual(['v3-synced'])
      expect(await list(DRAFT_STATUSES, 'release')).toEqual(['v3-no-dates', 'v3-synced'])
      expect(await repo.getDraft('v3-copy')).toEqual({ ...v1Content, id: 'v3-copy', seq: 2, status: 'draft', notes: '' })
    }
  },
  4: {
    // Version 4 stores each draft with its derived search fields (`words`, `shelf`) for the new indexes.
    // The fixture checks that rows as version 4 wrote them are found by notes word, leave type, end date
    // and shelf, and that a read gives the draft without those fields.
    async seed(old) {
      await old.table('employees').add({ fileId: 1001, id: 11, firstName: 'Aroha', lastName: 'Ngata', displayName: 'Aroha Ngata', isActive: true, leaveBalances: [] })
      await old.table('leaveTypes').add({ fileId: 1001, id: 501, name: 'Annual Leave' })
      await old.table('drafts').bulkAdd([
        { ...v1Content, id: 'v4-open', seq: 1, status: 'draft', notes: 'Dentist, then home', words: ['dentist,', 'then', 'home'], shelf: 'open' },
        { ...v1Content, id: 'v4-synced', seq: 2, status: 'synced', syncedAt: 400, notes: 'School holiday', words: ['school', 'holiday'], shelf: 'synced' }
      ])
      await old.table('counters').add({ name: 'draftSeq', value: 2 })
    },
    async verify(repo, db) {
      const list = (statuses: readonly DraftStatus[], search: string) => listDraftIds(db, 1001, { statuses, search })
      expect(await list(WORKING_STATUSES, '')).toEqual(['v4-open'])
      expect(await list(DRAFT_STATUSES, 'dent')).toEqual(['v4-open'])
      expect(await list(DRAFT_STATUSES, 'annual 2026-03-03')).toEqual(['v4-synced', 'v4-open'])
      expect(await list(['synced'], 'aroha holiday')).toEqual(['v4-synced'])
      expect(await repo.getDraft('v4-open')).toEqual({ ...v1Content, id: 'v4-open', seq: 1, status: 'draft', notes: 'Dentist, then home' })
    }
  },
  5: {
    // Version 5 added [fileId+leaveStatus] for a search by approval ("pending"); rows keep their shape.
    // The fixture checks rows written before it (at version 4's shape) are found by their approval.
    async seed(old) {
      await old.table('drafts').bulkAdd([
        { ...v1Content, id: 'v5-pending', seq: 1, status: 'synced', syncedAt: 400, leaveStatus: 'Pending', notes: 'Dentist', words: ['dentist'], shelf: 'synced' },
        { ...v1Content, id: 'v5-approved', seq: 2, status: 'synced', syncedAt: 410, leaveStatus: 'Approved', notes: 'Dentist', words: ['dentist'], shelf: 'synced' },
        { ...v1Content, id: 'v5-other-file', fileId: 1002, seq: 3, status: 'draft', leaveStatus: 'Pending', notes: '', words: [], shelf: 'open' },
        // Flagged "possibly in payroll twice" by a team colleague's copy; version 5 kept it on the synced shelf.
        { ...v1Content, id: 'v5-twice', seq: 4, status: 'synced', syncedAt: 420, serverId: 77, leaveStatus: 'Pending', notes: '', words: [], shelf: 'synced', possiblyTwice: V5_TWICE }
      ])
      await old.table('counters').add({ name: 'draftSeq', value: 4 })
    },
    async verify(_repo, db) {
      const list = (search: string) => listDraftIds(db, 1001, { statuses: DRAFT_STATUSES, search })
      expect(await list('pending')).toEqual(['v5-twice', 'v5-pending'])
      expect(await list('dentist approved')).toEqual(['v5-approved'])
      expect(await db.drafts.where('[fileId+leaveStatus]').equals([1001, 'Pending']).primaryKeys()).toEqual(['v5-pending', 'v5-twice'])
      // The flagged request is where the clerk acts on it: under Needs attention, and counted there.
      expect(await listDraftIds(db, 1001, { statuses: ['needs-attention'], search: '' })).toEqual(['v5-twice'])
    }
  },
  6: {
    // Version 6 put requests flagged "possibly in payroll twice" on their own shelf ('twice'); rows keep
    // their shape. The fixture checks a flagged row as version 6 writes it is listed under both views.
    async seed(old) {
      await old.table('drafts').bulkAdd([
        { ...v1Content, id: 'v6-twice', seq: 1, status: 'synced', syncedAt: 420, serverId: 77, leaveStatus: 'Pending', notes: '', words: [], shelf: 'twice', possiblyTwice: V5_TWICE }
      ])
      await old.table('counters').add({ name: 'draftSeq', value: 1 })
    },
    async verify(_repo, db) {
      expect(await listDraftIds(db, 1001, { statuses: ['needs-attention'], search: '' })).toEqual(['v6-twice'])
      expect(await listDraftIds(db, 1001, { statuses: ['synced'], search: '' })).toEqual(['v6-twice'])
    }
  },
  7: {
    // Version 7 dropped the [fileId+updatedAt] index, which nothing read; rows keep their shape.
    async seed(old) {
      await old.table('drafts').bulkAdd([{ ...v1Content, id: 'v7-draft', seq: 1, status: 'draft', words: ['written', 'by', 'release', '1'], shelf: 'open' }])
      await old.table('counters').add({ name: 'draftSeq', value: 1 })
    },
    async verify(repo, db) {
      expect(db.drafts.schema.indexes.map((index) => index.name)).not.toContain('[fileId+updatedAt]')
      expect(await listDraftIds(db, 1001, { statuses: ['draft'], search: 'release' })).toEqual(['v7-draft'])
      expect(await repo.updateDraft('v7-draft', { notes: 'typed after the upgrade' })).toMatchObject({ ok: true })
    }
  }
}

describe('schema upgrades', () => {
  it('has a fixture for every version in the history', () => {
    expect(Object.keys(FIXTURES).map(Number)).toEqual(SCHEMA_HISTORY.map((entry) => entry.version))
  })

  for (const { version } of SCHEMA_HISTORY) {
    it(`opens a database written at version ${version} with everything intact`, async () => {
      const factory = new IDBFactory()
      const old = new Dexie(TEST_DB_NAME, { indexedDB: factory, IDBKeyRange })
      declareSchemaHistory(old, version)
      await old.open()
      await FIXTURES[version]!.seed(old)
      old.close()

      const { db } = await openTestDb(factory)
      expect(db.verno).toBe(CURRENT_SCHEMA_VERSION)
      await FIXTURES[version]!.verify(testRepository(db), db)
    })
  }
})
