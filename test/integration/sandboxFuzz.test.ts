import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { SandboxHarness } from '../../main/sandbox/testSupport/sandboxClient'
import { signedInSandboxPerFile } from './testSupport/signedInSandbox'

/**
 * Issue 10: property test of the sandbox's insert and update against an oracle written here, from the
 * spec and docs/sandbox.md — not from shared/leaveRules.ts — so a rule both got wrong the same way is
 * unlikely. A bounded number of cases keeps it in the normal run.
 */

const CASES = 120
let h: SandboxHarness
let token: string
let employees: Set<number>
const PAY_ITEMS = new Set([101, 102, 103, 104, 105])
signedInSandboxPerFile({}, (harness, signedIn) => {
  h = harness
  token = signedIn
  employees = new Set(h.sandbox.store.employees(1001).map((e) => e.Id))
})

// ---- the oracle -------------------------------------------------------------------------------------

const FORM = /^(\d{4})-(\d{2})-(\d{2})(T(\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(Z|([+-])(\d{2}):(\d{2}))?)?$/

/** Day number of a documented date form, or null. */
function oracleDay(value: unknown): number | null {
  if (typeof value !== 'string') return null
  const m = FORM.exec(value)
  if (!m) return null
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const t = Date.UTC(y, mo - 1, d)
  const back = new Date(t)
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null
  if (m[4] && (Number(m[5]) > 23 || Number(m[6]) > 59 || Number(m[7]) > 59)) return null
  if (m[10] && (Number(m[12]) > 59 || Number(m[11]) * 60 + Number(m[12]) > 14 * 60)) return null
  return t / 86_400_000
}

/** C0 controls other than tab, LF and CR: XML 1.0 cannot carry them. */
const hasControl = (text: string) => [...text].some((c) => c.charCodeAt(0) < 0x20 && !'\t\n\r'.includes(c))

const isoDay = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10)
const isId = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v > 0

interface Verdict {
  fields: Set<string>
}

function oracle(body: Record<string, unknown>): Verdict {
  const fields = new Set<string>()
  if (!isId(body.LeaveTypePayItemId) || !PAY_ITEMS.has(body.LeaveTypePayItemId as number)) fields.add('LeaveTypePayItemId')
  if (!isId(body.EmployeeId) || !employees.has(body.EmployeeId as number)) fields.add('EmployeeId')
  if (!['Pending', 'Approved', 'Rejected'].includes(body.Status as string)) fields.add('Status')
  const notes = body.Notes
  if (notes !== undefined && (typeof notes !== 'string' || notes.length > 2000 || hasControl(notes))) fields.add('Notes')
  const start = oracleDay(body.StartDate)
  const end = oracleDay(body.EndDate)
  if (start === null) fields.add('StartDate')
  if (end === null) fields.add('EndDate')
  if (start !== null && end !== null && (end < start || end - start > 63)) fields.add('EndDate')
  const items = (body.Items ?? []) as Record<string, unknown>[]
  if (body.Status === 'Approved' && items.length === 0) fields.add('Items')
  const days = new Set<number>()
  const lines = new Set<unknown>()
  for (const item of items) {
    const day = oracleDay(item.Date)
    const hours = item.Hours
    const badDay = day === null || (start !== null && end !== null && (day < start || day > end)) || days.has(day)
    const badHours = typeof hours !== 'number' || hours < 0 || hours > 24
    const badLine = item.LineNumber !== undefined && (!isId(item.LineNumber) || lines.has(item.LineNumber))
    if (badDay || badHours || badLine) fields.add('Items')
    if (day !== null) days.add(day)
    if (item.LineNumber !== undefined) lines.add(item.LineNumber)
  }
  return { fields }
}

// ---- the generator ----------------------------------------------------------------------------------

const BASE_DAY = Date.UTC(2026, 2, 1) / 86_400_000
const GOOD_FORMS = ['', 'T00:00:00', 'T00:00:00Z', 'T00:00:00+10:00', 'T09:30:00.123-05:30', 'T00:00:00+14:00']
const BAD_FORMS = [' ', '\n', 'T00:00:00+14:59', 'T00:00:00+1000', 'T00:00', 'T24:00:00']

const dateText = (day: number) =>
  fc.oneof(
    { weight: 30, arbitrary: fc.constantFrom(...GOOD_FORMS).map((form) => `${isoDay(day)}${form}`) },
    { weight: 2, arbitrary: fc.constantFrom(...BAD_FORMS).map((form) => (form.trim() === '' ? `${form}${isoDay(day)}${form}` : `${isoDay(day)}${form}`)) },
    { weight: 1, arbitrary: fc.constant('2026-02-30') }
  )

const requestBody = fc
  .record({
    startOffset: fc.integer({ min: 0, max: 30 }),
    span: fc.oneof({ weight: 8, arbitrary: fc.integer({ min: 3, max: 10 }) }, { weight: 1, arbitrary: fc.integer({ min: -2, max: 70 }) }),
    payItem: fc.constantFrom(101, 102, 105, 101, 102, 105, 999),
    employee: fc.constantFrom(6001, 6002, 6010, 6001, 6002, 6010, 1234),
    status: fc.constantFrom('Pending', 'Approved', 'Rejected', 'Pending', 'Approved', 'Rejected', 'approved'),
    notes: fc.option(fc.oneof({ weight: 8, arbitrary: fc.string({ maxLength: 30 }) }, { weight: 1, arbitrary: fc.constantFrom('bell\u0007', 'tab\tok', 'café ☕') }), { nil: undefined }),
    itemOffsets: fc.uniqueArray(fc.integer({ min: 0, max: 3 }), { maxLength: 3 }).chain((inside): fc.Arbitrary<number[]> =>
      fc.oneof(
        { weight: 6, arbitrary: fc.constant<number[]>(inside) },
        { weight: 1, arbitrary: fc.constant<number[]>([...inside, -1]) },
        { weight: 1, arbitrary: fc.constant<number[]>([...inside, ...inside.slice(0, 1)]) }
      )
    ),
    hours: fc.constantFrom(0, 7.6, 8, 24, 7.6, 8, 25, -1),
    lineNumbers: fc.constantFrom('none', 'sequential', 'none', 'sequential', 'duplicate')
  })
  .chain((g) => {
    const start = BASE_DAY + g.startOffset
    const end = start + g.span
    const itemDates = g.itemOffsets.map((offset) => dateText(start + offset))
    return fc.record({ StartDate: dateText(start), EndDate: dateText(end), itemDates: itemDates.length ? fc.tuple(...itemDates) : fc.constant([]) }).map((d) => {
      const body: Record<string, unknown> = {
        LeaveTypePayItemId: g.payItem,
        EmployeeId: g.employee,
        StartDate: d.StartDate,
        EndDate: d.EndDate,
        Status: g.status,
        Items: (d.itemDates as string[]).map((Date, i) => ({
          Date,
          Hours: g.hours,
          ...(g.lineNumbers === 'sequential' ? { LineNumber: i + 1 } : g.lineNumbers === 'duplicate' ? { LineNumber: 1 } : {})
        }))
      }
      if (g.notes !== undefined) body.Notes = g.notes
      return body
    })
  })

// ---- the property -----------------------------------------------------------------------------------

async function checkAnswer(answer: { status: number; json: () => Record<string, unknown> }, verdict: Verdict, label: string) {
  if (verdict.fields.size === 0) {
    expect(answer.status, `${label}: the oracle accepts it`).toBe(200)
    return
  }
  expect(answer.status, `${label}: the oracle refuses ${[...verdict.fields].join(', ')}`).toBe(400)
  const named = new Set(((answer.json().errors ?? []) as { field: string }[]).map((e) => e.field.split('.')[0]))
  expect([...verdict.fields].some((field) => named.has(field)), `${label}: named ${[...named].join(', ')}`).toBe(true)
}

describe('insert and update against an independent oracle', () => {
  it(`agrees on ${CASES} generated requests, and stores what it accepts in normalised form`, async () => {
    const seen = { accepted: 0, refused: 0 }
    await fc.assert(
      fc.asyncProperty(requestBody, requestBody, async (first, second) => {
        const inserted = await h.call('POST', '/Payroll/LeaveRequest?FileId=1001', { body: first, token })
        await checkAnswer(inserted, oracle(first), 'insert')
        seen[inserted.status === 200 ? 'accepted' : 'refused']++
        if (inserted.status !== 200) return
        const { Id, LastModifiedDateUtc } = inserted.json<{ Id: number; LastModifiedDateUtc: string }>()
        const stored = h.sandbox.store.leaveRequests(1001).find((r) => r.Id === Id)
        expect(stored?.StartDate).toBe(`${isoDay(oracleDay(first.StartDate) as number)}T00:00:00`)
        const hours = ((first.Items ?? []) as { Hours: number }[]).reduce((sum, item) => sum + item.Hours, 0)
        expect(stored?.TotalHours).toBeCloseTo(hours, 2)
        expect(stored?.Notes).toBe(first.Notes === undefined || first.Notes === '' ? null : first.Notes)

        const updated = await h.call('PUT', `/Payroll/LeaveRequest/${Id}?FileId=1001`, { body: { ...second, LastModifiedDateUtc }, token })
        await checkAnswer(updated, oracle(second), 'update')
        expect(h.sandbox.store.leaveRequestVersion(1001, Id)).toBe(updated.status === 200 ? 2 : 1)
      }),
      { numRuns: CASES, seed: Number(process.env.FUZZ_SEED ?? 20261123) }
    )
    // Both sides of the rules were exercised, so agreement means something.
    expect(seen.accepted).toBeGreaterThan(CASES / 10)
    expect(seen.refused).toBeGreaterThan(CASES / 10)
  }, 120_000)
})
