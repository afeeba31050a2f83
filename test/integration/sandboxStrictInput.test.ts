import { connect } from 'node:net'
import { describe, expect, it } from 'vitest'
import { leaveRequestToXml } from '../../shared/codecs/xml'
import { validLeave, type SandboxHarness } from '../../main/sandbox/testSupport/sandboxClient'
import { signedInSandboxPerFile } from './testSupport/signedInSandbox'

/** Issue 10, strict input: every hostile or sloppy body is a 4xx naming the problem, and nothing of it is stored. */

let h: SandboxHarness
let token: string
signedInSandboxPerFile({ requestTimeoutMs: 600 }, (harness, signedIn) => {
  h = harness
  token = signedIn
})

const INSERT = '/Payroll/LeaveRequest?FileId=1001'
const post = (raw: string | Uint8Array, contentType = 'application/json') => h.call('POST', INSERT, { raw, token, headers: { 'content-type': contentType } })
const storedCount = () => h.sandbox.store.leaveRequests(1001).length
const fieldsOf = (answer: { json: () => Record<string, unknown> }) => ((answer.json().errors ?? []) as { field: string }[]).map((e) => e.field)

describe('JSON that could be misread', () => {
  it.each([
    ['a whole request under __proto__', `{"__proto__": ${JSON.stringify(validLeave())}}`],
    ['Approved with 24 h under __proto__', JSON.stringify(validLeave({ Status: 'Pending', Items: undefined })).replace(/}$/, ',"__proto__":{"Status":"Approved","Items":[{"Date":"2026-03-02","Hours":24}]}}')],
    ['constructor.prototype', JSON.stringify(validLeave()).replace(/}$/, ',"constructor":{"prototype":{"Status":"Approved"}}}')]
  ])('refuses %s with 400 and stores nothing', async (_label, raw) => {
    const before = storedCount()
    const answer = await post(raw)
    expect(answer.status).toBe(400)
    expect(answer.problem().detail).toMatch(/__proto__|constructor/)
    expect(storedCount()).toBe(before)
  })

  it('refuses a key given twice, naming it', async () => {
    const raw = JSON.stringify(validLeave()).replace('{', '{"Id":5,"Id":null,')
    const answer = await post(raw)
    expect(answer.status).toBe(400)
    expect(answer.problem().detail).toContain('"Id" twice')
    const employees = JSON.stringify(validLeave()).replace('"EmployeeId":6001', '"EmployeeId":6001,"EmployeeId":6002')
    expect((await post(employees)).problem().detail).toContain('"EmployeeId" twice')
  })

  it('still accepts the same key in different objects (every item has a Date)', async () => {
    expect((await post(JSON.stringify(validLeave()))).status).toBe(200)
  })
})

describe('dates', () => {
  it.each([
    ['StartDate', ' 2026-03-02 '],
    ['StartDate', '2026-03-02\n'],
    ['StartDate', '2026-03-02T00:00:00+14:59'],
    ['EndDate', '2026-03-03T00:00:00+1000']
  ])('refuses %s %j with a 400 naming the field', async (field, value) => {
    const answer = await post(JSON.stringify(validLeave({ [field]: value })))
    expect(answer.status).toBe(400)
    expect(fieldsOf(answer)).toContain(field)
  })

  it('stores every accepted form in one normalised form', async () => {
    const body = validLeave({
      StartDate: '2026-03-02',
      EndDate: '2026-03-03T00:00:00.000Z',
      Items: [
        { Date: '2026-03-02T00:00:00+10:00', Hours: 7.6 },
        { Date: '2026-03-03T00:00:00-05:30', Hours: 7.6 }
      ]
    })
    const answer = await post(JSON.stringify(body))
    const { Id } = answer.json<{ Id: number }>()
    const stored = h.sandbox.store.leaveRequests(1001).find((r) => r.Id === Id)
    expect(stored).toMatchObject({ StartDate: '2026-03-02T00:00:00', EndDate: '2026-03-03T00:00:00' })
    expect(stored?.Items?.map((i) => i.Date)).toEqual(['2026-03-02T00:00:00', '2026-03-03T00:00:00'])
  })
})

describe('charsets', () => {
  const cafe = (notes: string) => JSON.stringify(validLeave({ Notes: notes }))
  const notesOf = async (answer: { json: <T>() => T }) => h.sandbox.store.leaveRequests(1001).find((r) => r.Id === answer.json<{ Id: number }>().Id)?.Notes

  it('decodes JSON declared as ISO-8859-1', async () => {
    const answer = await post(Buffer.from(cafe('café'), 'latin1'), 'application/json; charset=iso-8859-1')
    expect(answer.status, answer.text).toBe(200)
    expect(await notesOf(answer)).toBe('café')
  })

  it('decodes XML whose declaration says ISO-8859-1', async () => {
    const xml = leaveRequestToXml(validLeave({ Notes: 'café' })).replace('encoding="utf-8"', 'encoding="ISO-8859-1"')
    const answer = await post(Buffer.from(xml, 'latin1'), 'application/xml')
    expect(answer.status, answer.text).toBe(200)
    expect(await notesOf(answer)).toBe('café')
  })

  it('refuses invalid UTF-8 with a 400 that names it', async () => {
    const before = storedCount()
    const answer = await post(Buffer.from(cafe('café'), 'latin1'), 'application/json')
    expect(answer.status).toBe(400)
    expect(answer.problem().detail).toMatch(/not valid UTF-8 \(byte \d+\)/)
    expect(storedCount()).toBe(before)
  })

  it('refuses a charset it does not decode, by name', async () => {
    const answer = await post(cafe('x'), 'application/json; charset=shift_jis')
    expect(answer.status).toBe(415)
    expect(answer.problem().detail).toContain('"shift_jis"')
  })
})

describe('notes with control characters', () => {
  it('refuses them in JSON with a message on Notes', async () => {
    const answer = await post(JSON.stringify(validLeave({ Notes: 'bell \u0007' })))
    expect(answer.status).toBe(400)
    expect(answer.json().errors).toEqual([expect.objectContaining({ field: 'Notes', message: expect.stringMatching(/U\+0007/) })])
  })

  it('refuses them in XML too, naming the character', async () => {
    const xml = leaveRequestToXml(validLeave({ Notes: 'bell' })).replace('<Notes>bell', '<Notes>bell &#7;')
    const answer = await post(xml, 'application/xml')
    expect(answer.status).toBe(400)
    expect(answer.problem().detail).toContain('&#7;')
  })
})

describe('updates', () => {
  it('names LastModifiedDateUtc when it is junk, rather than calling the record stale', async () => {
    const { Id } = (await post(JSON.stringify(validLeave()))).json<{ Id: number }>()
    const answer = await h.call('PUT', `/Payroll/LeaveRequest/${Id}?FileId=1001`, { body: validLeave({ LastModifiedDateUtc: 'junk' }), token })
    expect(answer.status).toBe(400)
    expect(fieldsOf(answer)).toEqual(['LastModifiedDateUtc'])
    expect(answer.problem().detail).not.toContain('changed since last read')
  })
})

describe('error bodies name the problem', () => {
  it('a list of media types as Content-Type: 415 saying what is accepted', async () => {
    const answer = await post(JSON.stringify(validLeave()), 'application/json, text/plain')
    expect(answer.status).toBe(415)
    expect(answer.problem().detail).toContain('application/json, text/json, application/xml or text/xml')
  })

  it('protocol junk: a problem naming what is wrong, not "Client Error"', async () => {
    const text = await rawExchange('GARBAGE-NOT-HTTP\r\n\r\n')
    expect(text).toMatch(/^HTTP\/1.1 400/)
    expect(text).toContain('"detail":"')
    expect(text).not.toContain('Client Error')
  })

  it('a body that never finishes arriving: 408 naming the wait, and the connection ends', async () => {
    const started = Date.now()
    const text = await rawExchange(`POST ${INSERT} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"Status":`)
    expect(text).toMatch(/^HTTP\/1.1 408/)
    expect(text).toContain('not received in full')
    expect(Date.now() - started).toBeLessThan(10_000)
  })
})

/** Writes raw bytes to the sandbox and resolves with everything it answers until it closes (bounded). */
function rawExchange(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(h.sandbox.port, '127.0.0.1')
    let text = ''
    const timer = setTimeout(() => {
      socket.destroy()
      reject(new Error(`No end of answer within 10 s; got ${JSON.stringify(text)}`))
    }, 10_000)
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => (text += chunk))
    socket.on('close', () => {
      clearTimeout(timer)
      resolve(text)
    })
    socket.on('error', () => undefined)
    socket.write(request)
  })
}
