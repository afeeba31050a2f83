import { describe, expect, it } from 'vitest'
import { parseJson } from './json'
import { problemDetailsSchema, validationProblem, VALIDATION_PROBLEM_TITLE, VALIDATION_PROBLEM_TYPE } from './problemDetails'
import { problemFromXml, problemToXml } from './xml'

const issues = [
  { field: 'EmployeeId', message: 'Employee must be a number.' },
  { field: 'Items.0.Hours', message: 'Hours cannot be more than 24 in one day.' }
]

describe('validationProblem', () => {
  it('is a 400 carrying every field issue, with a readable summary', () => {
    expect(validationProblem(issues)).toEqual({
      type: VALIDATION_PROBLEM_TYPE,
      title: VALIDATION_PROBLEM_TITLE,
      status: 400,
      detail: 'Employee must be a number. Hours cannot be more than 24 in one day.',
      errors: issues
    })
  })

  it('uses the detail it is given', () => {
    expect(validationProblem(issues, 'Fix the highlighted fields.').detail).toBe('Fix the highlighted fields.')
  })

  it('is read back by the schema unchanged', () => {
    const problem = validationProblem(issues)
    expect(problemDetailsSchema.parse(JSON.parse(JSON.stringify(problem)))).toEqual(problem)
  })
})

describe('problemDetailsSchema reads problem bodies tolerantly', () => {
  it.each([
    [
      'a bare RFC 9457 body: type defaults to about:blank',
      { title: 'Not Found', status: 404 },
      { type: 'about:blank', title: 'Not Found', status: 404 }
    ],
    [
      'a status sent as text',
      { type: 'urn:x', title: 'Bad', status: '400' },
      { type: 'urn:x', title: 'Bad', status: 400 }
    ],
    [
      'no status or title',
      { detail: 'Record to be updated has changed since last read.' },
      { type: 'about:blank', title: '', status: 0, detail: 'Record to be updated has changed since last read.' }
    ],
    [
      "ASP.NET's errors by field",
      { title: 'One or more validation errors occurred.', status: 400, errors: { EmployeeId: ['Required.', 'Must be positive.'], Notes: 'Too long.' } },
      {
        type: 'about:blank',
        title: 'One or more validation errors occurred.',
        status: 400,
        errors: [
          { field: 'EmployeeId', message: 'Required.' },
          { field: 'EmployeeId', message: 'Must be positive.' },
          { field: 'Notes', message: 'Too long.' }
        ]
      }
    ],
    [
      "RFC 9457's own pointer/detail errors",
      { type: 'urn:x', title: 'Invalid', status: 422, errors: [{ pointer: '#/Items/0/Hours', detail: 'too many' }] },
      { type: 'urn:x', title: 'Invalid', status: 422, errors: [{ field: 'Items.0.Hours', message: 'too many' }] }
    ],
    [
      'unreadable entries in errors dropped, readable ones kept',
      { title: 'Bad', errors: [null, 3, { field: 'EndDate', message: 'End date is before start date.' }, {}] },
      { type: 'about:blank', title: 'Bad', status: 0, errors: [{ field: 'EndDate', message: 'End date is before start date.' }] }
    ],
    [
      'errors of an unknown shape dropped, and extension members ignored',
      { title: 'Bad', status: 400, errors: 'oops', instance: '/x', traceId: 'abc' },
      { type: 'about:blank', title: 'Bad', status: 400 }
    ]
  ])('%s', (_name, body, problem) => {
    expect(problemDetailsSchema.safeParse(body)).toEqual({ success: true, data: problem })
  })

  it.each([
    ['an OAuth error', { error: 'invalid_grant', error_description: 'Bad password' }],
    ['a Web API error', { Message: 'The request is invalid.', ModelState: { EmployeeId: ['x'] } }],
    ['a JSON string literal', 'Invalid FileId'],
    ['an array', [{ title: 'x' }]],
    ['null', null],
    ['an empty object', {}]
  ])('refuses %s, so the caller can try the next shape', (_name, body) => {
    expect(problemDetailsSchema.safeParse(body).success).toBe(false)
  })

  it('reads a problem+json body end to end', () => {
    const body = parseJson('{"type":"about:blank","title":"Too Many Requests","status":429,"detail":"1 request per second."}')
    expect(body.ok && problemDetailsSchema.parse(body.value)).toEqual({
      type: 'about:blank',
      title: 'Too Many Requests',
      status: 429,
      detail: '1 request per second.'
    })
  })
})

describe('problem details as XML', () => {
  it('writes RFC 9457 appendix B with the errors extension', () => {
    const xml = problemToXml(validationProblem([{ field: 'EmployeeId', message: 'a < b & c' }]))
    expect(xml).toContain('<problem xmlns="urn:ietf:rfc:7807">')
    expect(xml).toContain('<status>400</status>')
    expect(xml).toContain('<errors><error><field>EmployeeId</field><message>a &lt; b &amp; c</message></error></errors>')
  })

  it.each([
    ['a validation problem', validationProblem(issues)],
    ['a problem about the whole body (empty field)', validationProblem([{ field: '', message: 'The body must be a leave request.' }])],
    ['a problem with no errors and no detail', { type: 'about:blank', title: 'Not Found', status: 404 }],
    ['a problem with an empty errors list', { type: 'urn:x', title: 'Bad', status: 400, errors: [] }],
    ['a conflict', { type: 'about:blank', title: 'Bad Request', status: 400, detail: 'Record to be updated has changed since last read.' }]
  ])('round-trips %s', (_name, problem) => {
    expect(problemFromXml(problemToXml(problem))).toEqual({ ok: true, value: problem })
  })

  it('reads a hand-written problem without a namespace, indented', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<problem>
  <title>One or more fields are not valid.</title>
  <status> 400 </status>
  <errors>
    <error><field>StartDate</field><message>Start date is required.</message></error>
  </errors>
</problem>`
    expect(problemFromXml(xml)).toEqual({
      ok: true,
      value: {
        type: 'about:blank',
        title: 'One or more fields are not valid.',
        status: 400,
        errors: [{ field: 'StartDate', message: 'Start date is required.' }]
      }
    })
  })

  it.each([
    ['a different root', '<Error><Message>x</Message></Error>', 'Expected a problem element, found Error.'],
    ['a problem with nothing in it', '<problem/>', 'The XML is not a problem details document.'],
    ['broken XML', '<problem><title>x</problem>', expect.stringMatching(/not well formed/)]
  ])('refuses %s', (_name, xml, message) => {
    expect(problemFromXml(xml)).toEqual({ ok: false, error: message })
  })
})
