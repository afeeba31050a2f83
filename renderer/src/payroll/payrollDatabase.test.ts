import { describe, expect, it } from 'vitest'
import { databaseNameFor, payrollKeyOf, payrollLabel, payrollOfDatabase, PRACTICE } from './payrollDatabase'

const embedded = {
  kind: 'embedded-sandbox' as const,
  baseUrl: 'http://127.0.0.1:50123',
  demoCredentials: { clerk: { username: 'u', password: 'p' }, legacyKey: { wsAccessKey: 'k', fileId: 1001 } }
}

describe('drafts database per payroll', () => {
  it('keys the embedded sandbox as Practice whatever port it got, and a remote API by its address', () => {
    expect(payrollKeyOf(embedded)).toBe(PRACTICE)
    expect(payrollKeyOf({ ...embedded, baseUrl: 'http://127.0.0.1:40000' })).toBe(PRACTICE)
    expect(payrollKeyOf({ kind: 'remote', baseUrl: 'https://api.saasu.com' })).toBe('https://api.saasu.com')
  })

  it('leaves the database of earlier releases with Practice when the old settings named no address', () => {
    expect(databaseNameFor(PRACTICE, null)).toBe('leave-desk')
    expect(databaseNameFor('https://api.saasu.com', null)).toBe('leave-desk@https://api.saasu.com')
  })

  it('leaves it with the remote address the old settings named, and gives Practice a new one', () => {
    expect(databaseNameFor('https://api.saasu.com', 'https://api.saasu.com')).toBe('leave-desk')
    expect(databaseNameFor(PRACTICE, 'https://api.saasu.com')).toBe('leave-desk-practice')
    expect(databaseNameFor('https://other.example.com', 'https://api.saasu.com')).toBe('leave-desk@https://other.example.com')
  })

  it('never gives two payrolls the same database', () => {
    const payrolls = [PRACTICE, 'https://api.saasu.com', 'https://api.saasu.com:8443', 'http://127.0.0.1:8787']
    for (const first of [null, 'https://api.saasu.com']) {
      const names = payrolls.map((payroll) => databaseNameFor(payroll, first))
      expect(new Set(names).size).toBe(payrolls.length)
      // …and reads each name back as its payroll, for "Copy to …".
      expect(names.map((name) => payrollOfDatabase(name, first))).toEqual(payrolls)
    }
    expect(payrollOfDatabase('some-other-db', null)).toBeNull()
  })

  it('names payrolls in plain words', () => {
    expect(payrollLabel(PRACTICE)).toBe('Practice payroll')
    expect(payrollLabel('https://api.saasu.com')).toBe('api.saasu.com')
  })
})
