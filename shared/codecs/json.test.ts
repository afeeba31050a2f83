import { describe, expect, it } from 'vitest'
import { parseJson } from './json'
import { findJsonSyntaxError } from './jsonSyntaxError'

describe('parseJson', () => {
  it.each([
    ['{"EmployeeId": 7, "Notes": "a\\nb"}', { EmployeeId: 7, Notes: 'a\nb' }],
    ['[1, 2.5, -3e2, true, false, null]', [1, 2.5, -300, true, false, null]],
    ['"a JSON string literal"', 'a JSON string literal'],
    ['  42  ', 42],
    ['\uFEFF{"a":1}', { a: 1 }]
  ])('reads %j', (text, value) => {
    expect(parseJson(text)).toEqual({ ok: true, value })
  })

  it.each([
    ['', 'The body is empty; JSON was expected.'],
    ['   \n ', 'The body is empty; JSON was expected.'],
    ['{"a":}', "Not valid JSON at line 1, column 6: expected a value, found '}'."],
    ['{"a":1,}', "Not valid JSON at line 1, column 8: expected a property name in double quotes, found '}'."],
    ['{\n  "a": 1\n  "b": 2\n}', "Not valid JSON at line 3, column 3: expected ',' or '}', found '\"'."],
    ['[1, 2', 'Not valid JSON at line 1, column 6: the text ends before the list is closed.'],
    ["{'a': 1}", "Not valid JSON at line 1, column 2: expected a property name in double quotes, found '''."],
    ["['a']", 'Not valid JSON at line 1, column 2: text must be in double quotes, not single quotes.'],
    ['{"a" 1}', "Not valid JSON at line 1, column 6: expected ':' after the property name, found '1'."],
    ['{"a": "b', 'Not valid JSON at line 1, column 7: a string is not closed.'],
    ['"a\nb"', 'Not valid JSON at line 1, column 3: a line break or control character inside a string must be escaped.'],
    ['"\\x"', 'Not valid JSON at line 1, column 2: a string has an invalid escape sequence.'],
    ['{} {}', "Not valid JSON at line 1, column 4: unexpected '{' after the end of the JSON value."],
    ['Bad Request\r\nInvalid FileId', "Not valid JSON at line 1, column 1: expected a value, found 'B'."]
  ])('refuses %j with a message that says where', (text, message) => {
    expect(parseJson(text)).toEqual({ ok: false, error: message })
  })

  it('does not echo the body back in its message', () => {
    const result = parseJson('{"password": "hunter2", oops}')
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.error).not.toContain('hunter2')
  })

  it('survives nesting deeper than any stack', () => {
    const deep = '['.repeat(200_000)
    const result = parseJson(deep)
    expect(result).toEqual({ ok: false, error: expect.stringContaining('line 1') })
  })
})

describe('findJsonSyntaxError agrees with JSON.parse', () => {
  const valid = [
    '{}', '[]', '0', '-0.5e-3', '"\\u00e9\\"\\\\\\/\\b\\f\\n\\r\\t"', '{"a":[{"b":null},[],{}]}',
    ' \t\r\n[ 1 , { "x" : "y" } ] ', '{"":""}', '1E+2'
  ]
  it.each(valid)('finds nothing wrong in %j', (text) => {
    expect(() => JSON.parse(text)).not.toThrow()
    expect(findJsonSyntaxError(text)).toBeNull()
  })

  const invalid = ['01', '1.', '.5', '+1', '-', 'tru', 'nul', '[1,]', '{"a":1', '"\\u12g4"', 'NaN', '[1 2]', '{"a":1}}', '\u00a0{}']
  it.each(invalid)('finds the fault JSON.parse finds in %j', (text) => {
    expect(() => JSON.parse(text)).toThrow()
    expect(findJsonSyntaxError(text)).not.toBeNull()
  })
})
