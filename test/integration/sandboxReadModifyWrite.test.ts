import { describe, expect, it } from 'vitest'
import { leaveRequestRecordSchema, type LeaveRequestRecord } from '../../shared/leaveRequestSchema'
import { validLeave, type SandboxHarness } from '../../main/sandbox/testSupport/sandboxClient'
import { signedInSandboxPerFile } from './testSupport/signedInSandbox'

/**
 * Issue 17, the sandbox as real clients use it: read a record, change a field, PUT it back whole. Plus
 * the per-record change count tests rely on, lines already paid in a pay run, and normalised answers.
 */

let h: SandboxHarness
let token: string
signedInSandboxPerFile({}, (harness, signedIn) => {
  h = harness
  token = signedIn
})

const path = (id: number) => `/Payroll/LeaveRequest/${id}?FileId=1001`
async function insert(overrides: Record<string, unknown> = {}): Promise<number> {
  const answer = await h.call('POST', '/Payroll/LeaveRequest?FileId=1001', { body: validLeave(overrides), token })
  expect(answer.status, answer.text).toBe(200)
  return answer.json<{ Id: number }>().Id
}
async function read(id: number): Promise<LeaveRequestRecord & { _links: unknown[] }> {
  const answer = await h.call('GET', path(id), { token })
  expect(answer.status).toBe(200)
  return answer.json()
}
const put = (id: number, body: unknown) => h.call('PUT', path(id), { body, token })
const version = (id: number) => h.sandbox.store.leaveRequestVersion(1001, id)

describe('read-modify-write PUT', () => {
  it('accepts exactly what GET returned, with one field changed, and counts one change', async () => {
    const id = await insert()
    const record = await read(id)
    expect(record).toMatchObject({ Id: id, CreatedDateUtc: expect.any(String), TotalHours: 15.2, _links: [] })
    const answer = await put(id, { ...record, Notes: 'Back a day early' })
    expect(answer.status, answer.text).toBe(200)
    expect((await read(id)).Notes).toBe('Back a day early')
    expect(version(id)).toBe(2)
  })

  it('accepts the XML document GET returned, written back whole', async () => {
    const id = await insert({ Notes: undefined })
    const xml = await h.call('GET', path(id), { token, headers: { accept: 'application/xml' } })
    expect(xml.text).toContain('<_links')
    const answer = await h.call('PUT', path(id), { raw: xml.text.replace(/<Status>Approved</, '<Status>Rejected<'), token, headers: { 'content-type': 'application/xml' } })
    expect(answer.status, answer.text).toBe(200)
    expect((await read(id)).Status).toBe('Rejected')
  })

  it('refuses an Id that is not the one in the path, naming the mismatch, and changes nothing', async () => {
    const id = await insert()
    const record = await read(id)
    const answer = await put(id, { ...record, Id: id + 1, Notes: 'changed' })
    expect(answer.status).toBe(400)
    expect(answer.json().errors).toEqual([expect.objectContaining({ field: 'Id', message: expect.stringContaining(`not the id in the path (${id})`) })])
    expect(version(id)).toBe(1)
    expect((await read(id)).Notes).toBe('Family trip')
  })

  it('keeps the seed rule on POST: a real Id or TotalHours is refused', async () => {
    const answer = await h.call('POST', '/Payroll/LeaveRequest?FileId=1001', { body: validLeave({ Id: 5, TotalHours: 3 }), token })
    expect(answer.status).toBe(400)
    expect((answer.json().errors as { field: string }[]).map((e) => e.field).sort()).toEqual(['Id', 'TotalHours'])
  })

  it('a stale PUT changes nothing and is not counted', async () => {
    const id = await insert()
    const record = await read(id)
    expect((await put(id, { ...record, Notes: 'first' })).status).toBe(200)
    const stale = await put(id, { ...record, Notes: 'second' })
    expect(stale.status).toBe(400)
    expect(stale.problem().detail).toBe('Record to be updated has changed since last read.')
    expect(version(id)).toBe(2)
  })
})

describe('LastModifiedDateUtc in the vendor form (seven fraction digits)', () => {
  const SEVEN_DIGITS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{7}$/

  it('is written as the vendor writes it, and a read-modify-write PUT with it round-trips, twice', async () => {
    const inserted = await h.call('POST', '/Payroll/LeaveRequest?FileId=1001', { body: validLeave(), token })
    const { Id: id, LastModifiedDateUtc: stamp } = inserted.json<{ Id: number; LastModifiedDateUtc: string }>()
    expect(stamp).toMatch(SEVEN_DIGITS)
    // A real client: parse the JSON text it read, change a field, serialise the whole record back.
    const text = (await h.call('GET', path(id), { token })).text
    const record = JSON.parse(text) as Record<string, unknown>
    expect(record.LastModifiedDateUtc).toBe(stamp)
    expect(record.CreatedDateUtc).toMatch(SEVEN_DIGITS)
    const first = await h.call('PUT', path(id), { raw: JSON.stringify({ ...record, Notes: 'first' }), token })
    expect(first.status, first.text).toBe(200)
    const next = first.json<{ LastModifiedDateUtc: string }>().LastModifiedDateUtc
    expect(next).toMatch(SEVEN_DIGITS)
    expect(next).not.toBe(stamp)
    const again = JSON.parse((await h.call('GET', path(id), { token })).text) as Record<string, unknown>
    expect((await put(id, { ...again, Notes: 'second' })).status).toBe(200)
    expect(version(id)).toBe(3)
  })

  it('refuses a value re-serialised to milliseconds or whole seconds by name, not as a stale record, and changes nothing', async () => {
    const id = await insert()
    const record = await read(id)
    for (const cut of [`${record.LastModifiedDateUtc.slice(0, 23)}Z`, `${record.LastModifiedDateUtc.slice(0, 19)}Z`]) {
      const answer = await put(id, { ...record, LastModifiedDateUtc: cut, Notes: 'changed' })
      expect(answer.status).toBe(400)
      expect(answer.json().errors).toEqual([
        { field: 'LastModifiedDateUtc', message: expect.stringContaining(`sent back exactly as it was read (${record.LastModifiedDateUtc}`) }
      ])
    }
    expect(version(id)).toBe(1)
    // The same instant with an explicit UTC offset is the same value.
    expect((await put(id, { ...record, LastModifiedDateUtc: `${record.LastModifiedDateUtc}Z` })).status).toBe(200)
  })
})

describe('lines already paid in a pay run', () => {
  it('refuses changing or removing a paid line, or un-approving, naming the line; other lines may change', async () => {
    const id = await insert()
    expect(await h.sandbox.store.markProcessed(1001, id, 77, ['2026-03-02'])).toBe(true)
    const record = await read(id)
    expect(record.Items?.map((i) => i.ProcessedInPayRunId)).toEqual([77, null])

    const items = record.Items ?? []
    const changed = await put(id, { ...record, Items: [{ ...items[0], Hours: 3 }, items[1]] })
    expect(changed.status).toBe(400)
    expect(changed.json().errors).toEqual([expect.objectContaining({ field: 'Items.0', message: expect.stringMatching(/2026-03-02 was paid in pay run 77/) })])

    const removed = await put(id, { ...record, Items: [items[1]] })
    expect(removed.status).toBe(400)
    expect(removed.json().errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'Items', message: expect.stringMatching(/cannot be removed/) })]))

    const rejected = await put(id, { ...record, Status: 'Rejected' })
    expect(rejected.status).toBe(400)
    expect((rejected.json().errors as { field: string }[]).map((e) => e.field)).toContain('Status')
    expect(version(id)).toBe(1)

    const unpaidLine = await put(id, { ...record, Items: [items[0], { ...items[1], Hours: 4 }] })
    expect(unpaidLine.status, unpaidLine.text).toBe(200)
    const after = await read(id)
    expect(after.Items?.map((i) => [i.Hours, i.ProcessedInPayRunId])).toEqual([[7.6, 77], [4, null]])
    expect(after.TotalHours).toBe(11.6)
  })
})

describe('answers in one normalised form', () => {
  it('dates as the vendor writes them, and null for absent notes', async () => {
    const id = await insert({ Notes: undefined, StartDate: '2026-03-02', EndDate: '2026-03-03T00:00:00Z' })
    const record = await read(id)
    expect(leaveRequestRecordSchema.safeParse(record).success).toBe(true)
    expect(record).toMatchObject({ StartDate: '2026-03-02T00:00:00', EndDate: '2026-03-03T00:00:00', Notes: null })
    expect(record.Items?.map((i) => i.Date)).toEqual(['2026-03-02T00:00:00', '2026-03-03T00:00:00'])
    // An empty note written back stays absent.
    expect((await put(id, { ...record, Notes: '' })).status).toBe(200)
    expect((await read(id)).Notes).toBeNull()
  })
})
