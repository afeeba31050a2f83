import { describe, expect, it } from 'vitest'
import { OLIVIA_DEC } from '../../../shared/team/testSupport/teamRequestSamples'
import { colleagueClashesOf, colleagueClashWords } from './colleagueClashes'
import type { LedgerRequest } from './teamRequestIndex'

const ANA_SENT: LedgerRequest = { ...OLIVIA_DEC, conflicted: false }
const SAME_LEAVE = { id: 'b-draft', employeeId: 1001, leaveTypePayItemId: 11, startDate: '2026-12-07', endDate: '2026-12-08', leaveStatus: 'Pending' }

describe('colleagues’ requests in the checks', () => {
  it('B drafting the leave A sent is told it is the same leave, naming A, when and its payroll number', () => {
    const clashes = colleagueClashesOf(SAME_LEAVE, [ANA_SENT], 'install-b')
    expect(clashes).toHaveLength(1)
    expect(clashes[0]?.exact).toBe(true)
    const words = colleagueClashWords(clashes[0]!, ANA_SENT.enteredAt)
    expect(words).toMatch(/^ana at FRONT-DESK-1 sent this leave \(Annual leave 7 – 8 Dec 2026\) at \d\d:\d\d today; in payroll as #501\.$/)
  })

  it('an overlap with other dates is named as an overlap', () => {
    const clashes = colleagueClashesOf({ ...SAME_LEAVE, startDate: '2026-12-08', endDate: '2026-12-10' }, [ANA_SENT], 'install-b')
    expect(clashes.map((clash) => clash.exact)).toEqual([false])
    expect(colleagueClashWords(clashes[0]!, ANA_SENT.enteredAt)).toMatch(/sent leave that overlaps/)
  })

  it('this computer’s own published requests are not a colleague’s (they are checked as drafts already)', () => {
    expect(colleagueClashesOf(SAME_LEAVE, [ANA_SENT], 'install-a')).toEqual([])
  })

  it('a rejected request takes no leave, so it warns of nothing; another employee neither', () => {
    expect(colleagueClashesOf(SAME_LEAVE, [{ ...ANA_SENT, leaveStatus: 'Rejected' }], 'install-b')).toEqual([])
    expect(colleagueClashesOf({ ...SAME_LEAVE, employeeId: 1002 }, [ANA_SENT], 'install-b')).toEqual([])
  })

  it('a request with conflicting revisions says so instead of hiding one', () => {
    const clashes = colleagueClashesOf(SAME_LEAVE, [{ ...ANA_SENT, conflicted: true }], 'install-b')
    expect(colleagueClashWords(clashes[0]!, ANA_SENT.enteredAt)).toMatch(/two versions/)
  })
})
