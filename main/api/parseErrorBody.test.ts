import { describe, expect, it } from 'vitest'
import { parseErrorBody } from './parseErrorBody'

describe('parseErrorBody reads every error shape the API uses', () => {
  it('reads RFC 9457 problem+json with its list of field errors', () => {
    const body = JSON.stringify({
      type: 'urn:leave-desk:problem:validation',
      title: 'The leave request is not valid.',
      status: 400,
      detail: 'EndDate: End date must be on or after the start date.',
      errors: [{ field: 'EndDate', message: 'End date must be on or after the start date.' }]
    })
    expect(parseErrorBody(400, 'application/problem+json; charset=utf-8', body)).toEqual({
      message: 'EndDate: End date must be on or after the start date.',
      fieldIssues: [{ field: 'EndDate', message: 'End date must be on or after the start date.' }]
    })
  })

  it('reads ASP.NET ValidationProblemDetails, whose errors are a map keyed by server field names', () => {
    const body = JSON.stringify({
      title: 'One or more validation errors occurred.',
      status: 400,
      errors: { 'request.EndDate': ['EndDate must be after StartDate.'], '$.Items[1].Hours': ['Too many hours.'] }
    })
    expect(parseErrorBody(400, 'application/problem+json', body)).toEqual({
      message: 'One or more validation errors occurred.',
      fieldIssues: [
        { field: 'EndDate', message: 'EndDate must be after StartDate.' },
        { field: 'Items.1.Hours', message: 'Too many hours.' }
      ]
    })
  })

  it('reads an XML problem', () => {
    const body =
      '<?xml version="1.0" encoding="utf-8"?><problem xmlns="urn:ietf:rfc:7807"><type>about:blank</type>' +
      '<title>The leave request is not valid.</title><status>400</status>' +
      '<errors><error><field>request.StartDate</field><message>Start date is required.</message></error></errors></problem>'
    expect(parseErrorBody(400, 'application/problem+xml', body)).toEqual({
      message: 'The leave request is not valid.',
      fieldIssues: [{ field: 'StartDate', message: 'Start date is required.' }]
    })
  })

  it('reads an ASP.NET XML error', () => {
    const body = '<Error><Message>The FileId &amp; key do not match.</Message></Error>'
    expect(parseErrorBody(403, 'application/xml', body).message).toBe('The FileId & key do not match.')
  })

  it('reads OAuth {error, error_description}, and explains a bare OAuth error code', () => {
    expect(parseErrorBody(400, 'application/json', '{"error":"invalid_grant","error_description":"Bad password."}')).toEqual({
      message: 'Bad password.',
      fieldIssues: []
    })
    expect(parseErrorBody(401, 'application/json', '{"error":"invalid_token"}').message).toBe(
      'The sign-in has expired or was revoked.'
    )
  })

  it('reads ASP.NET {Message, ModelState}, stripping the parameter prefix and mapping case', () => {
    const body = JSON.stringify({
      Message: 'The request is invalid.',
      ModelState: { 'request.EndDate': ['EndDate must be >= StartDate.'], 'request.items[0].date': ['Bad date.'], '': ['Whole body odd.'] }
    })
    expect(parseErrorBody(400, 'application/json; charset=utf-8', body)).toEqual({
      message: 'The request is invalid.',
      fieldIssues: [
        { field: 'EndDate', message: 'EndDate must be >= StartDate.' },
        { field: 'Items.0.Date', message: 'Bad date.' },
        { field: '', message: 'Whole body odd.' }
      ]
    })
  })

  it('reads a bare JSON string literal and ties it to the field it opens with', () => {
    expect(parseErrorBody(400, 'application/json', '"EndDate must be on or after StartDate."')).toEqual({
      message: 'EndDate must be on or after StartDate.',
      fieldIssues: [{ field: 'EndDate', message: 'EndDate must be on or after StartDate.' }]
    })
  })

  it('reads plain text with CRLF line breaks, one issue per line that names a field', () => {
    const body = 'The request is invalid.\r\nEmployeeId is not an employee.\r\nStatus must be Pending.\r\n'
    expect(parseErrorBody(400, 'text/plain', body)).toEqual({
      message: 'The request is invalid. EmployeeId is not an employee. Status must be Pending.',
      fieldIssues: [
        { field: 'EmployeeId', message: 'EmployeeId is not an employee.' },
        { field: 'Status', message: 'Status must be Pending.' }
      ]
    })
  })

  it('reads JSON sent with a text/plain content type', () => {
    expect(parseErrorBody(400, 'text/plain', '{"Message":"Nope."}').message).toBe('Nope.')
  })

  it('falls back to the status for an empty body, an HTML page or broken JSON', () => {
    expect(parseErrorBody(500, 'application/json', '')).toEqual({
      message: 'The payroll service had an internal error. (HTTP 500)',
      fieldIssues: []
    })
    const html = '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>nginx</h1></body></html>'
    expect(parseErrorBody(502, 'text/html', html).message).toBe(
      'The payroll service could not be reached through its gateway. (HTTP 502)'
    )
    expect(parseErrorBody(400, 'application/json', '{"Message": "cut off')).toEqual({
      message: 'The payroll service refused the request as invalid. (HTTP 400)',
      fieldIssues: []
    })
    expect(parseErrorBody(418, undefined, '   ').message).toBe('The payroll service refused the request. (HTTP 418)')
  })

  it('keeps messages to one bounded line and hides credentials a server echoes back', () => {
    const body = `Bad request for /Contacts?wsAccessKey=secret-key-123&FileId=1 with Bearer abc.def.ghi ${'x'.repeat(2000)}`
    const { message } = parseErrorBody(400, 'text/plain', body)
    expect(message).not.toContain('secret-key-123')
    expect(message).not.toContain('abc.def.ghi')
    expect(message.length).toBeLessThanOrEqual(500)
  })

  it('never throws, whatever the body', () => {
    const odd = ['null', '[]', '[1,2]', '{}', '42', 'true', '<', '<problem>', '{"errors":{"a":[{}]}}', '\uFEFF{"title":"T"}']
    for (const body of odd) {
      const parsed = parseErrorBody(400, 'application/json', body)
      expect(parsed.message.length).toBeGreaterThan(0)
    }
    expect(parseErrorBody(400, 'application/json', '\uFEFF{"title":"T"}').message).toBe('T')
  })
})
