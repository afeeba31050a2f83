import { describe, expect, it } from 'vitest'
import { settingsPatchSchema } from '../../../shared/ipc'
import { draftProblems, fieldProblem, patchOf, type SettingsDraft } from './settingsFields'

const draft: SettingsDraft = {
  target: 'payroll',
  apiBaseUrl: 'https://api.saasu.com/',
  bodyFormat: 'json',
  requestsPerSecond: '1',
  dailyQuota: '3,000',
  defaultHoursPerDay: '7.6'
}

describe('settings fields', () => {
  it('gives the shared schema’s own message on each field', () => {
    expect(fieldProblem('apiBaseUrl', 'http://payroll.example.com')).toMatch(/must start with https:\/\//)
    expect(fieldProblem('apiBaseUrl', 'http://127.0.0.1:8787')).toBeNull()
    expect(fieldProblem('apiBaseUrl', '')).toMatch(/Enter the address/)
    expect(fieldProblem('requestsPerSecond', 'fast')).toBe('Requests per second must be a number.')
    expect(fieldProblem('requestsPerSecond', '0')).toBe('Requests per second must be more than 0.')
    expect(fieldProblem('dailyQuota', '2.5')).toBe('Daily quota must be a whole number.')
    expect(fieldProblem('defaultHoursPerDay', '25')).toBe('Hours per day cannot be more than 24.')
    expect(fieldProblem('defaultHoursPerDay', '')).toBe('Hours per day must be a number.')
  })

  it('ignores the address when Practice is chosen, and names every bad field at once', () => {
    const bad = { ...draft, apiBaseUrl: 'ftp://x', requestsPerSecond: '-1' }
    expect(Object.keys(draftProblems(bad))).toEqual(['apiBaseUrl', 'requestsPerSecond'])
    expect(Object.keys(draftProblems({ ...bad, target: 'practice' }))).toEqual(['requestsPerSecond'])
  })

  it('builds a patch main accepts, with the address as main spells it', () => {
    const patch = patchOf(draft)
    expect(patch).toMatchObject({ apiBaseUrl: 'https://api.saasu.com', dailyQuota: 3000, defaultHoursPerDay: 7.6, payrollChosen: true })
    expect(settingsPatchSchema.safeParse(patch).success).toBe(true)
    expect(patchOf({ ...draft, target: 'practice' }).apiBaseUrl).toBeNull()
  })
})
