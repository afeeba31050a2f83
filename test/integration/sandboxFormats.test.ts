import { describe, expect, it } from 'vitest'
import { leaveRequestToXml, insertUpdateResultFromXml, problemFromXml } from '../../shared/codecs/xml'
import { validLeave, type SandboxHarness } from '../../main/sandbox/testSupport/sandboxClient'
import { signedInSandboxPerFile } from './testSupport/signedInSandbox'

/** The four body types in and out (spec §4.1), content negotiation, and bad input that must stay a 4xx. */

let harness: SandboxHarness
let token: string
signedInSandboxPerFile({}, (started, signedIn) => ([harness, token] = [started, signedIn]))

const INSERT = '/Payroll/LeaveRequest?FileId=1001'
const send = (raw: string, contentType: string, accept?: string) =>
  harness.call('POST', INSERT, { raw, token, headers: { 'content-type': contentType, ...(accept ? { accept } : {}) } })

describe('request bodies', () => {
  it.each(['application/json', 'text/json', 'application/json; charset=utf-8'])('accepts JSON as %s', async (type) => {
    const answer = await send(JSON.stringify(validLeave()), type)
    expect(answer.status, answer.text).toBe(200)
  })

  it.each(['application/xml', 'text/xml', 'application/xml; charset=utf-8'])('accepts XML as %s and stores typed values', async (type) => {
    const answer = await send(leaveRequestToXml(validLeave()), type)
    expect(answer.status, answer.text).toBe(200)
    const { Id } = answer.json<{ Id: number }>()
    const stored = harness.sandbox.store.leaveRequests(1001).find((r) => r.Id === Id)
    expect(stored).toMatchObject({ EmployeeId: 6001, TotalHours: 15.2, Items: [expect.objectContaining({ Hours: 7.6, IsPaid: true }), expect.anything()] })
  })

  it('accepts XML with empty read-only elements and an empty _links', async () => {
    const xml = `<LeaveRequest><Id/><TotalHours/><LeaveTypePayItemId>101</LeaveTypePayItemId><EmployeeId>6001</EmployeeId>
      <StartDate>2026-03-02</StartDate><EndDate>2026-03-02</EndDate><Status>Pending</Status><Items/><_links/></LeaveRequest>`
    expect((await send(xml, 'application/xml')).status).toBe(200)
  })

  it('refuses an XML rule violation with a problem naming the field', async () => {
    const answer = await send(leaveRequestToXml(validLeave({ EndDate: '2026-03-01' })), 'application/xml')
    expect(answer.status).toBe(400)
    expect(answer.json().errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'EndDate' })]))
  })

  it('refuses an unknown content type with 415 naming the accepted ones', async () => {
    const answer = await send(JSON.stringify(validLeave()), 'text/plain')
    expect(answer.status).toBe(415)
    expect(answer.json().detail).toContain('application/json')
  })

  it('refuses a body without a Content-Type with 415', async () => {
    const answer = await harness.call('POST', INSERT, { raw: JSON.stringify(validLeave()), token, headers: { 'content-type': '' } })
    expect(answer.status).toBe(415)
  })
})

describe('responses', () => {
  it('answers JSON by default', async () => {
    const answer = await send(JSON.stringify(validLeave()), 'application/json')
    expect(answer.headers['content-type']).toMatch(/^application\/json/)
  })

  it.each([
    ['application/xml', /^application\/xml/],
    ['text/xml', /^text\/xml/]
  ])('answers InsertUpdateResult as XML when Accept is %s', async (accept, type) => {
    const answer = await send(JSON.stringify(validLeave()), 'application/json', accept)
    expect(answer.status).toBe(200)
    expect(answer.headers['content-type']).toMatch(type)
    const result = insertUpdateResultFromXml(answer.text)
    expect(result.ok && result.value).toMatchObject({ Id: expect.any(Number), LastModifiedDateUtc: expect.any(String) })
  })

  it.each([
    ['application/json', /^application\/json/],
    ['text/json', /^text\/json/]
  ])('answers JSON when Accept is %s', async (accept, type) => {
    const answer = await send(leaveRequestToXml(validLeave()), 'text/xml', accept)
    expect(answer.headers['content-type']).toMatch(type)
    expect(answer.json().Id).toEqual(expect.any(Number))
  })

  it('answers a validation problem as problem+xml when Accept asks XML', async () => {
    const answer = await send(JSON.stringify(validLeave({ Status: 'Approved', Items: [] })), 'application/json', 'application/xml')
    expect(answer.status).toBe(400)
    expect(answer.headers['content-type']).toMatch(/^application\/problem\+xml/)
    const problem = problemFromXml(answer.text)
    expect(problem.ok && problem.value.errors).toEqual([expect.objectContaining({ field: 'Items' })])
  })

  it('answers the lists and a record in XML too', async () => {
    const { Id } = (await send(JSON.stringify(validLeave()), 'application/json')).json<{ Id: number }>()
    for (const path of ['/Payroll/Entitlements?FileId=1001', '/Contacts?FileId=1001', '/Payroll/Employees?FileId=1001', `/Payroll/LeaveRequest/${Id}?FileId=1001`]) {
      const answer = await harness.call('GET', path, { token, headers: { accept: 'text/xml' } })
      expect(answer.status, path).toBe(200)
      expect(answer.text, path).toMatch(/^<\?xml/)
    }
  })
})

describe('bad input is always a named 4xx', () => {
  it.each([
    ['[]', 400],
    ['"x"', 400],
    ['null', 400],
    ['42', 400],
    ['{', 400],
    ['', 400],
    ['{"LeaveTypePayItemId": 101,}', 400],
    ['['.repeat(100_000) + ']'.repeat(100_000), 400],
    ['{"a":'.repeat(50_000) + '1' + '}'.repeat(50_000), 400],
    ['{"__proto__": {"Status": "Pending"}, "constructor": {"prototype": {}}}', 400]
  ])('JSON body %# → %i', async (raw, status) => {
    const answer = await send(raw, 'application/json')
    expect(answer.status).toBe(status)
    expect(answer.json().detail).toEqual(expect.any(String))
  })

  it('refuses a 2 MiB body with 413', async () => {
    const answer = await send(JSON.stringify({ Notes: 'x'.repeat(2 * 1024 * 1024) }), 'application/json')
    expect(answer.status).toBe(413)
    expect(answer.json().detail).toContain('1 MiB')
  })

  it('refuses a billion-laughs XML document without expanding it', async () => {
    const laughs = `<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>
<LeaveRequest><Notes>&lol3;</Notes></LeaveRequest>`
    const answer = await send(laughs, 'application/xml')
    expect(answer.status).toBe(400)
    expect(answer.json().detail).toMatch(/DOCTYPE/)
  })

  it.each([
    '<LeaveRequest><EmployeeId>6001</EmployeeId>',
    '<Contact><Id>1</Id></Contact>',
    'not xml at all',
    '<LeaveRequest><Items><Item>1</Item></Items></LeaveRequest>'
  ])('refuses malformed or foreign XML %# with 400', async (raw) => {
    const answer = await send(raw, 'text/xml')
    expect(answer.status).toBe(400)
  })

  it('answers an unknown route with 404 and a wrong method with 405 and Allow', async () => {
    const unknown = await harness.call('GET', '/Payroll/Nothing?FileId=1001', { token })
    expect(unknown.status).toBe(404)
    const wrongMethod = await harness.call('DELETE', '/Payroll/LeaveRequest/1?FileId=1001', { token })
    expect(wrongMethod.status).toBe(405)
    expect(wrongMethod.headers.allow).toContain('PUT')
  })

  it('refuses a path that cannot be decoded with 400', async () => {
    const answer = await harness.call('GET', '/Payroll/LeaveRequest/%zz?FileId=1001', { token })
    expect(answer.status).toBe(400)
    expect(answer.problem().detail).toContain('%zz')
  })

  it('refuses bad paging values with 400 naming the parameter', async () => {
    for (const [query, field] of [['Page=0', 'Page'], ['PageSize=101', 'PageSize'], ['pagesize=abc', 'PageSize'], ['page=-1', 'Page']]) {
      const answer = await harness.call('GET', `/Contacts?FileId=1001&${query}`, { token })
      expect(answer.status, query).toBe(400)
      expect(answer.problem().errors?.[0]?.field).toBe(field)
    }
  })

  it('never answered any of this with a 5xx', () => {
    for (const status of [500, 501, 502, 503, 504]) expect(harness.sandbox.stats.statusCount(status)).toBe(0)
  })
})
