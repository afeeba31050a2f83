import { describe, expect, it } from 'vitest'
import { OLIVIA_DEC } from '../../../shared/team/testSupport/teamRequestSamples'
import { REQUESTS_HEADER, requestsCsv } from '../export/requestsCsv'
import { colleagueExportRows } from './colleagueExportRows'

describe('colleagues’ requests in the requests export', () => {
  it('come after this computer’s own, in the same columns, saying who entered them and how fresh the team view is', () => {
    const rows = colleagueExportRows([{ ...OLIVIA_DEC, conflicted: false }], 'install-b', new Map(), Date.UTC(2026, 11, 7, 0, 0))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toHaveLength(REQUESTS_HEADER.length)
    const csv = requestsCsv([], [], new Map(), new Map(), rows)
    expect(csv).toContain('Olivia Brown,1001')
    expect(csv).toMatch(/"In payroll, entered by ana at FRONT-DESK-1 \(team as of 2026-12-0\d \d\d:\d\d\)",501,/)
  })

  it('leave out this computer’s own (they are its drafts already)', () => {
    expect(colleagueExportRows([{ ...OLIVIA_DEC, conflicted: false }], 'install-a', new Map(), undefined)).toEqual([])
  })
})
