import { describe, expect, it } from 'vitest'
import { apiBaseUrlSchema, settingsSchema, DEFAULT_SETTINGS } from './ipc/settings'
import { normalisedPayrollAddress } from './payrollAddress'

describe('one payroll address, one spelling', () => {
  const SPELLINGS = [
    'https://api.saasu.com',
    'https://API.saasu.com',
    'https://api.saasu.com:443',
    'https://api.saasu.com.',
    'https://api.saasu.com/#',
    'https://api.saasu.com/?',
    'HTTPS://api.saasu.com/',
    'https://api.saasu.com//',
    ' https://api.saasu.com ',
    'https://Api.Saasu.Com.:443/?#'
  ]

  it('gives every spelling of one address the same key, through the settings schema main parses with', () => {
    const keys = SPELLINGS.map((spelling) => apiBaseUrlSchema.parse(spelling))
    expect(new Set(keys)).toEqual(new Set(['https://api.saasu.com']))
  })

  it('keeps what tells payrolls apart: a port other than the default, a path, plain http to this computer', () => {
    expect(normalisedPayrollAddress('https://api.saasu.com:8443/')).toBe('https://api.saasu.com:8443')
    expect(normalisedPayrollAddress('https://payroll.example.com/Tenant/A/')).toBe('https://payroll.example.com/Tenant/A')
    expect(normalisedPayrollAddress('http://127.0.0.1:80/')).toBe('http://127.0.0.1')
    expect(normalisedPayrollAddress('http://[::1]:8787')).toBe('http://[::1]:8787')
    expect(normalisedPayrollAddress('not an address')).toBeNull()
  })

  it('never lets a space around the address reach the settings (it was accepted, then could not be parsed)', () => {
    const parsed = settingsSchema.parse({ ...DEFAULT_SETTINGS, apiBaseUrl: 'https://payroll.example.com/ ', firstDatabaseAddress: ' https://API.example.com' })
    expect(parsed.apiBaseUrl).toBe('https://payroll.example.com')
    expect(parsed.firstDatabaseAddress).toBe('https://api.example.com')
  })

  it('still refuses what would leak: credentials, a query or fragment with content', () => {
    expect(apiBaseUrlSchema.safeParse('https://user:pw@api.saasu.com').success).toBe(false)
    expect(apiBaseUrlSchema.safeParse('https://api.saasu.com/?key=1').success).toBe(false)
    expect(apiBaseUrlSchema.safeParse('https://api.saasu.com/#top').success).toBe(false)
  })
})
