import { describe, expect, it } from 'vitest'
import { localLedgerName } from './openTeamLedger'

describe('the replica’s database name', () => {
  it('never reads as a server address, and stays one per payroll and file', () => {
    const name = localLedgerName('leave-desk-https://api.saasu.com', 7)
    expect(name).not.toMatch(/:\/\//)
    expect(name).not.toBe(localLedgerName('leave-desk-http://api.saasu.com', 7))
    expect(name).not.toBe(localLedgerName('leave-desk-https://api.saasu.com', 8))
  })
})
