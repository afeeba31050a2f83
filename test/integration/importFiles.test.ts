import { beforeAll, describe, expect, it } from 'vitest'
import { openTestDb } from '../../renderer/src/db/testSupport/openTestDb'
import { createDraftsRepository } from '../../renderer/src/db'
import { openSheet, type OpenedSheet } from '../../renderer/src/import/openSheet'
import { importConflictCheck } from '../../renderer/src/import/importConflicts'
import { previewRows, withConflicts, type FindConflicts, type ImportSetup } from '../../renderer/src/import/previewRows'
import { plainDayRules } from '../../renderer/src/safeguards/dayRules'
import { MAX_IMPORT_BYTES } from '../../shared/import'
import {
  asReference,
  EMPLOYEES,
  FILE_ID,
  fixtureFolder,
  LEAVE_TYPES,
  writeDelimited,
  writeXlsx,
  type TextEncoding
} from './testSupport/importFixtures'

/**
 * Importing leave from spreadsheet files: files the tests write in every encoding and separator a clerk's
 * spreadsheet can produce (and an .xlsx), read back through the app's own import code into the preview,
 * then into the database.
 */

const HEADER = ['Employee', 'Leave type', 'First day', 'Last day', 'Approval', 'Hours per day', 'Notes']
/** Day-first dates, one with a day above 12 so the file itself says so. */
const ROWS = [
  ['Aroha Ngata', 'Annual Leave', '02/03/2026', '04/03/2026', 'Approved', '7.6', 'Café trip'],
  ['Zoë Müller', 'Annual', '16/03/2026', '16/03/2026', 'Pending', '', 'Zürich'],
  ['15', '502', '23/03/2026', '24/03/2026', '', '4', 'José by payroll id']
]
const reference = asReference()
const choices = { fallbackDateFormat: 'dmy' as const }
let folder: string

beforeAll(async () => {
  folder = await fixtureFolder()
})

async function openFile(name: string, bytes: Uint8Array): Promise<OpenedSheet> {
  const opened = await openSheet({ kind: 'file', fileName: name, bytes }, reference, choices)
  if (!opened.ok) throw new Error(`Could not open ${name}: ${opened.error.message}`)
  return opened.value
}

const preview = (setup: ImportSetup) => previewRows(setup, reference, plainDayRules(7.6))

describe('reading CSV files', () => {
  const cases: [TextEncoding, string, string][] = [
    ['utf-8', ',', 'commas'],
    ['utf-8-bom', ';', 'semicolons'],
    ['windows-1252', '\t', 'tabs'],
    ['windows-1252', ',', 'commas'],
    ['utf-8', '\t', 'tabs'],
    ['utf-8-bom', ',', 'commas']
  ]
  it.each(cases)('%s with %j: columns mapped from the headers, names with accents matched, dates read day first', async (encoding, separator) => {
    const bytes = await writeDelimited(folder, `leave-${encoding}-${separator.charCodeAt(0)}.csv`, [HEADER, ...ROWS], separator, encoding)
    const { setup } = await openFile('leave.csv', bytes)
    expect(setup.sheet.origin).toEqual({ kind: 'csv', encoding, separator })
    expect(setup.hasHeader).toBe(true)
    expect(setup.mapping).toEqual({ employee: 0, leaveType: 1, startDate: 2, endDate: 3, status: 4, hoursPerDay: 5, notes: 6 })
    expect(setup.dateFormat).toBe('dmy')
    const rows = preview(setup)
    expect(rows.map((row) => row.problems)).toEqual([[], [], []])
    expect(rows.map((row) => [row.rowNumber, row.content.employeeId, row.content.leaveTypePayItemId, row.content.startDate, row.content.endDate, row.content.leaveStatus])).toEqual([
      [2, 11, 501, '2026-03-02', '2026-03-04', 'Approved'],
      [3, 12, 501, '2026-03-16', '2026-03-16', 'Pending'],
      [4, 15, 502, '2026-03-23', '2026-03-24', 'Pending']
    ])
    expect(rows.map((row) => row.content.notes)).toEqual(['Café trip', 'Zürich', 'José by payroll id'])
    // 7.6 h on each weekday; the default 7.6 when the cell is empty; 4 h as the row says.
    expect(rows.map((row) => row.content.items.map((item) => item.hours))).toEqual([[7.6, 7.6, 7.6], [7.6], [4, 4]])
  })

  it('reads month-first dates when the file can only mean that, and total hours spread over the weekdays', async () => {
    const bytes = await writeDelimited(
      folder,
      'us.csv',
      [
        ['Name', 'Type', 'Start', 'End', 'Total hours'],
        ['Aroha Ngata', 'Annual Leave', '3/2/2026', '3/13/2026', '40'],
        ['Aroha Ngata', 'Annual Leave', '4/6/2026', '4/8/2026', '10']
      ],
      ',',
      'utf-8'
    )
    const { setup, dateFormatCertain } = await openFile('us.csv', bytes)
    expect([setup.dateFormat, dateFormatCertain]).toEqual(['mdy', true])
    const [fortnight, threeDays] = preview(setup)
    expect([fortnight?.content.startDate, fortnight?.content.endDate]).toEqual(['2026-03-02', '2026-03-13'])
    expect(fortnight?.content.items.map((item) => item.hours)).toEqual([4, 4, 4, 4, 4, 4, 4, 4, 4, 4])
    // 10 h over three days: the lines still add up to exactly 10.
    expect(threeDays?.content.items.map((item) => item.hours)).toEqual([3.33, 3.33, 3.34])
  })

  it('reads dates written with the month’s name, as payroll exports and spreadsheets display them', async () => {
    const bytes = await writeDelimited(
      folder,
      'month-names.csv',
      [HEADER, ['Aroha Ngata', 'Annual Leave', '2-Mar-2026', 'Wed 4 March 2026', 'Approved', '7.6', ''], ['Zoë Müller', 'Annual', '"Mar 16, 2026"', '16 Mar 26', '', '', '']],
      ',',
      'utf-8'
    )
    const { setup } = await openFile('month-names.csv', bytes)
    const rows = preview(setup)
    expect(rows.map((row) => [row.content.startDate, row.content.endDate, row.problems.length])).toEqual([
      ['2026-03-02', '2026-03-04', 0],
      ['2026-03-16', '2026-03-16', 0]
    ])
  })

  it('falls back to the locale’s order when every date reads both ways, and says it is not certain', async () => {
    const bytes = await writeDelimited(folder, 'unsure.csv', [HEADER, ['Aroha Ngata', 'Annual Leave', '03/04/2026', '03/04/2026']], ',', 'utf-8')
    const { setup, dateFormatCertain } = await openFile('unsure.csv', bytes)
    expect([setup.dateFormat, dateFormatCertain]).toEqual(['dmy', false])
    expect(preview(setup)[0]?.content.startDate).toBe('2026-04-03')
  })
})

describe('reading an .xlsx workbook', () => {
  it('reads date cells, numbers and text; formulas are never evaluated', async () => {
    const bytes = await writeXlsx(folder, 'leave.xlsx', [
      ['Employee ID', 'Leave Type', 'From', 'To', 'Status', 'Hours/day', 'Comments'],
      [11, 'Annual Leave', new Date(Date.UTC(2026, 2, 2)), new Date(Date.UTC(2026, 2, 3)), 'approved', 7.6, '=HYPERLINK("http://evil.test")'],
      ['Zoë Müller', 'Long Service', '09/03/2026', '13/03/2026', 'Pending', 8, null]
    ])
    const { setup } = await openFile('leave.xlsx', bytes)
    expect(setup.sheet.origin).toEqual({ kind: 'xlsx', sheetName: 'Sheet1' })
    expect(setup.mapping).toEqual({ employee: 0, leaveType: 1, startDate: 2, endDate: 3, status: 4, hoursPerDay: 5, notes: 6 })
    const rows = preview(setup)
    expect(rows.map((row) => row.problems)).toEqual([[], []])
    expect(rows.map((row) => [row.content.employeeId, row.content.leaveTypePayItemId, row.content.startDate, row.content.endDate, row.content.leaveStatus])).toEqual([
      [11, 501, '2026-03-02', '2026-03-03', 'Approved'],
      [12, 503, '2026-03-09', '2026-03-13', 'Pending']
    ])
    // The formula's text is kept as a note, as written; nothing was fetched or calculated.
    expect(rows[0]?.content.notes).toBe('=HYPERLINK("http://evil.test")')
    expect(rows[1]?.content.items.map((item) => item.hours)).toEqual([8, 8, 8, 8, 8])
  })

  it('refuses a file that only pretends to be a workbook, in plain words', async () => {
    const bytes = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6])
    const opened = await openSheet({ kind: 'file', fileName: 'broken.xlsx', bytes }, reference, choices)
    expect(opened).toMatchObject({ ok: false, error: { code: 'not-a-spreadsheet' } })
  })
})

describe('matching employees', () => {
  const file = [
    ['Employee', 'Leave type', 'First day', 'Last day'],
    ['Sam Lee', 'Annual Leave', '16/03/2026', '16/03/2026'],
    ['Aroha', 'Annual Leave', '17/03/2026', '17/03/2026'],
    ['Robin Hood', 'Annual Leave', '18/03/2026', '18/03/2026'],
    ['99', 'Annual Leave', '19/03/2026', '19/03/2026'],
    ['"ngata,  AROHA"', 'Annual Leave', '20/03/2026', '20/03/2026']
  ]

  it('asks about a shared name, a first name alone, an unknown name or id — and never guesses', async () => {
    const { setup } = await openFile('names.csv', await writeDelimited(folder, 'names.csv', file, ',', 'utf-8'))
    const rows = preview(setup)
    expect(rows.map((row) => row.content.employeeId)).toEqual([undefined, undefined, undefined, undefined, 11])
    expect(rows.map((row) => row.question?.candidates)).toEqual([[13, 14], [11], [], [], undefined])
    expect(rows[0]?.problems).toEqual(['Column A “Employee”: “Sam Lee” could be more than one employee: choose who.'])
    expect(rows[2]?.problems).toEqual(['Column A “Employee”: no employee called “Robin Hood”: choose who, or skip the row.'])
  })

  it('takes the clerk’s answer for every row that names the same person', async () => {
    const twice = [...file.slice(0, 2), ['SAM  LEE', 'Annual Leave', '23/03/2026', '23/03/2026']]
    const { setup } = await openFile('answers.csv', await writeDelimited(folder, 'answers.csv', twice, ',', 'utf-8'))
    const key = preview(setup)[0]?.question?.key as string
    const rows = preview({ ...setup, employeeAnswers: new Map([[key, 14]]) })
    expect(rows.map((row) => [row.content.employeeId, row.problems, row.question?.text])).toEqual([
      [14, [], 'Sam Lee'],
      [14, [], 'SAM  LEE']
    ])
  })
})

describe('the preview’s problems', () => {
  it('names the row and column of every cell that does not read, and the shared rules’ problems', async () => {
    const bytes = await writeDelimited(
      folder,
      'problems.csv',
      [
        HEADER,
        ['Aroha Ngata', 'Annual Leave', '31/02/2026', '04/03/2026', 'Approved', '7.6', ''],
        ['Aroha Ngata', 'Holiday', '10/03/2026', '09/03/2026', 'Maybe', 'lots', ''],
        ['Aroha Ngata', 'Annual Leave', '02/03/2026', '29/05/2026', '', '', ''],
        ['Aroha Ngata', 'Annual Leave', '07/03/2026', '08/03/2026', 'Approved', '', '']
      ],
      ',',
      'utf-8'
    )
    const { setup } = await openFile('problems.csv', bytes)
    const rows = preview(setup)
    expect(rows.map((row) => [row.rowNumber, row.problems])).toEqual([
      [2, ['Column C “First day”: “31/02/2026” is not a date.']],
      [
        3,
        [
          'Column B “Leave type”: there is no leave type “Holiday”.',
          'Column E “Approval”: “Maybe” is not an approval (use Pending, Approved or Rejected).',
          'Column F “Hours per day”: “lots” is not a number of hours in a day (more than 0, at most 24).',
          'Column D “Last day”: End date must be on or after the start date.'
        ]
      ],
      [4, ['Column D “Last day”: Leave can cover at most 64 calendar days, first and last day included (about 3 months); this one covers 89.']],
      [5, ['Column F “Hours per day”: there are no working days from 7 Mar 2026 to 8 Mar 2026 to put hours on.']]
    ])
  })

  it('shows what the conflicts check finds, through its seam, only on rows that could be imported', async () => {
    const bytes = await writeDelimited(folder, 'twice.csv', [HEADER, ROWS[0] as string[], ROWS[0] as string[], ['Nobody', 'Annual Leave', '02/03/2026', '02/03/2026']], ',', 'utf-8')
    const { setup } = await openFile('twice.csv', bytes)
    const asked: number[] = []
    const findConflicts: FindConflicts = async (proposed) => {
      asked.push(...proposed.map((p) => p.rowNumber))
      return new Map([[3, ['Same leave as row 2.']]])
    }
    const rows = await withConflicts(preview(setup), findConflicts)
    expect(asked).toEqual([2, 3])
    expect(rows.map((row) => row.conflicts)).toEqual([[], ['Same leave as row 2.'], []])
  })
})

describe('the duplicate and overlap check (the safeguards’ shared check behind the seam)', () => {
  it('names a row that repeats a request already in the file, and a row that overlaps one above it', async () => {
    const { db } = await openTestDb()
    const repo = createDraftsRepository(db)
    await repo.createDraft(FILE_ID, { employeeId: 11, leaveTypePayItemId: 501, startDate: '2026-03-02', endDate: '2026-03-04', leaveStatus: 'Pending' })
    const bytes = await writeDelimited(
      folder,
      'clashes.csv',
      [HEADER, ROWS[0] as string[], ROWS[1] as string[], ['Zoë Müller', 'Personal/Carer’s Leave', '16/03/2026', '17/03/2026'], ROWS[2] as string[]],
      ',',
      'utf-8'
    )
    const { setup } = await openFile('clashes.csv', bytes)
    const typeName = (id: number | undefined) => LEAVE_TYPES.find((t) => t.Id === id)?.Name ?? 'leave'
    const rows = await withConflicts(preview(setup), importConflictCheck(db, FILE_ID, typeName))
    expect(rows.map((row) => [row.rowNumber, row.conflicts])).toEqual([
      [2, ['Same as Annual Leave 2 – 4 Mar 2026 already here, draft.']],
      [3, []],
      [4, ['Overlaps row 3 of this file (16 Mar 2026).']],
      [5, []]
    ])
  })
})

describe('malformed and oversized files', () => {
  it('names the row and column where a quote is left open', async () => {
    const text = 'Employee,Leave type,First day,Last day\nAroha Ngata,Annual Leave,02/03/2026,02/03/2026\nAroha Ngata,"Annual Leave,09/03/2026,09/03/2026\n'
    const opened = await openSheet({ kind: 'file', fileName: 'quote.csv', bytes: new TextEncoder().encode(text) }, reference, choices)
    expect(opened).toMatchObject({ ok: false, error: { code: 'malformed', row: 3, column: 2 } })
    if (!opened.ok) expect(opened.error.message).toMatch(/^Row 3, column B: a quote/)
  })

  it('names the row and column where a row has more cells than the header', async () => {
    const text = 'Employee;Leave type;First day;Last day\nAroha Ngata;Annual Leave;02/03/2026;02/03/2026\nNgata; Aroha;Annual Leave;09/03/2026;09/03/2026\n'
    const opened = await openSheet({ kind: 'file', fileName: 'extra.csv', bytes: new TextEncoder().encode(text) }, reference, choices)
    expect(opened).toMatchObject({ ok: false, error: { code: 'malformed', row: 3, column: 5 } })
    if (!opened.ok) expect(opened.error.message).toBe('Row 3, column E: this row has 5 cells but the first row has 4. Check for a semicolon inside a cell that is not in quotes.')
  })

  it('refuses a file over the size limit before reading it', async () => {
    const opened = await openSheet({ kind: 'file', fileName: 'huge.csv', bytes: new Uint8Array(MAX_IMPORT_BYTES + 1) }, reference, choices)
    expect(opened).toMatchObject({ ok: false, error: { code: 'too-large', message: 'This file is 5.0 MB; files up to 5.0 MB can be imported. Split it into smaller files.' } })
  })
})

describe('accepting an import', () => {
  async function readyDrafts() {
    const bytes = await writeDelimited(folder, 'accept.csv', [HEADER, ...ROWS], ',', 'utf-8')
    const { setup } = await openFile('accept.csv', bytes)
    return preview(setup).map((row) => ({ content: row.content, source: { kind: 'file' as const, fileName: 'accept.csv', row: row.rowNumber } }))
  }

  it('creates every draft in file order, each marked with its file and row', async () => {
    const { db } = await openTestDb()
    const repo = createDraftsRepository(db)
    await repo.replaceEmployees(FILE_ID, EMPLOYEES, 1)
    await repo.replaceLeaveTypes(FILE_ID, LEAVE_TYPES, 1)
    await repo.importDrafts(FILE_ID, await readyDrafts())
    const drafts = await db.drafts.orderBy('seq').toArray()
    expect(drafts.map((d) => [d.status, d.employeeId, d.source])).toEqual([
      ['draft', 11, { kind: 'file', fileName: 'accept.csv', row: 2 }],
      ['draft', 12, { kind: 'file', fileName: 'accept.csv', row: 3 }],
      ['draft', 15, { kind: 'file', fileName: 'accept.csv', row: 4 }]
    ])
    // They are ordinary drafts: "Queue all" takes them.
    expect(await repo.queueAllValid(FILE_ID)).toMatchObject({ queued: 3, leftWithIssues: 0 })
  })

  it('is all or nothing: a write failing on the third draft leaves no draft from the import', async () => {
    const { db } = await openTestDb()
    const ids = ['first', 'second', 'first']
    const repo = createDraftsRepository(db, { newId: () => ids.shift() ?? 'spare' })
    await repo.createDraft(FILE_ID, { notes: 'typed before the import' })
    const before = await db.drafts.count()
    await expect(repo.importDrafts(FILE_ID, await readyDrafts())).rejects.toThrow()
    expect(await db.drafts.count()).toBe(before)
    expect((await db.drafts.toArray()).map((d) => d.notes)).toEqual(['typed before the import'])
  })
})
