import { describe, expect, it } from 'vitest'
import { projectBalance } from '../../../shared/safeguards'
import { OLIVIA_DEC } from '../../../shared/team/testSupport/teamRequestSamples'
import { colleagueBalanceDraws } from './colleagueBalanceDraws'

const BALANCE = { name: 'Annual leave', hours: 38 }
const THIS_ONE = { id: 'b-draft', employeeId: 1001, leaveTypePayItemId: 11, leaveStatus: 'Pending', paidHours: 7.6 }

describe('colleagues’ requests in the projected balance', () => {
  it('what A sent after the balance was fetched comes off it, as B’s own would', () => {
    const draws = colleagueBalanceDraws([{ ...OLIVIA_DEC, conflicted: false }], 'install-b')
    const projected = projectBalance({ balance: BALANCE, balanceAsOf: OLIVIA_DEC.enteredAt - 1, thisRequest: THIS_ONE, others: draws })
    expect(projected).toMatchObject({ committedHours: 15.2, committedCount: 1, afterHours: 15.2 })
  })

  it('what payroll had accepted before the balance was fetched is in the balance already', () => {
    const draws = colleagueBalanceDraws([{ ...OLIVIA_DEC, conflicted: false }], 'install-b')
    expect(projectBalance({ balance: BALANCE, balanceAsOf: OLIVIA_DEC.enteredAt + 1, thisRequest: THIS_ONE, others: draws }).committedCount).toBe(0)
  })

  it('unpaid lines and this computer’s own requests do not count twice', () => {
    const unpaid = { ...OLIVIA_DEC, conflicted: false, items: OLIVIA_DEC.items.map((item) => ({ ...item, isPaid: false })) }
    expect(colleagueBalanceDraws([unpaid], 'install-b')[0]?.paidHours).toBe(0)
    expect(colleagueBalanceDraws([{ ...OLIVIA_DEC, conflicted: false }], 'install-a')).toEqual([])
  })
})
