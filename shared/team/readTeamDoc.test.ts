import { describe, expect, it } from 'vitest'
import { readTeamDoc } from './readTeamDoc'
import { teamRequestDocSchema } from './teamRequestDoc'
import { OLIVIA_DEC } from './testSupport/teamRequestSamples'

describe('reading a document from the team database', () => {
  it('takes a colleague’s request as it is', () => {
    expect(readTeamDoc(OLIVIA_DEC, teamRequestDocSchema)).toEqual({ ok: true, doc: OLIVIA_DEC })
  })

  it.each([
    ['a wrong shape', { ...OLIVIA_DEC, employeeId: 'Olivia' }, /employeeId/],
    ['an impossible date', { ...OLIVIA_DEC, startDate: '2026-02-30' }, /startDate/],
    ['a huge document', { ...OLIVIA_DEC, employeeName: 'x'.repeat(100_000) }, /too large/],
    ['a __proto__ key', JSON.parse(`{"_id":"request:x:y","__proto__":{"polluted":true}}`) as unknown, /__proto__/],
    ['a nested constructor key', { ...OLIVIA_DEC, items: [{ constructor: { prototype: {} } }] }, /constructor/],
    ['deep nesting', { _id: 'request:x:y', a: JSON.parse('['.repeat(50) + ']'.repeat(50)) as unknown }, /deeply/],
    ['not a document', 'request', /not a document/]
  ])('sets aside %s with a reason', (_label, raw, reason) => {
    const read = readTeamDoc(raw, teamRequestDocSchema)
    expect(read.ok).toBe(false)
    expect(!read.ok && read.reason).toMatch(reason)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})
