import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { DEFAULT_SETTINGS } from '../../shared/ipc/settings'
import { openSettingsStore } from '../settingsStore'
import { effectiveSettings, lockedSettings, SET_BY_ORGANISATION, withMachinePolicy } from './policySettings'

let dir = ''
afterEach(() => rm(dir, { recursive: true, force: true }))
async function store() {
  dir = await mkdtemp(path.join(tmpdir(), 'leave-desk-policy-settings-'))
  return openSettingsStore({ filePath: path.join(dir, 'settings.json') })
}
const ORG = 'https://payroll.office.example'

describe('policy > settings > defaults', () => {
  it('defaults, then the clerk’s settings, then the policy', () => {
    expect(effectiveSettings(DEFAULT_SETTINGS, {})).toEqual(DEFAULT_SETTINGS)
    const clerk = { ...DEFAULT_SETTINGS, apiBaseUrl: 'https://mine.example', payrollChosen: true, dailyQuota: 9000, requestsPerSecond: 2 }
    expect(effectiveSettings(clerk, {})).toEqual(clerk)
    expect(effectiveSettings(clerk, { PayrollAddress: ORG, PayrollAddressLocked: true, DailyQuota: 4000 })).toMatchObject({
      apiBaseUrl: ORG,
      payrollChosen: true,
      dailyQuota: 4000,
      requestsPerSecond: 2
    })
  })

  it('an unlocked address is only the default: the clerk’s own choice stands', () => {
    expect(effectiveSettings(DEFAULT_SETTINGS, { PayrollAddress: ORG })).toMatchObject({ apiBaseUrl: ORG, payrollChosen: false })
    const chose = { ...DEFAULT_SETTINGS, apiBaseUrl: 'https://mine.example', payrollChosen: true }
    expect(effectiveSettings(chose, { PayrollAddress: ORG }).apiBaseUrl).toBe('https://mine.example')
    // Practice chosen before the organisation refused it: its address instead.
    const practice = { ...DEFAULT_SETTINGS, payrollChosen: true }
    expect(effectiveSettings(practice, { PayrollAddress: ORG, PracticeAllowed: false }).apiBaseUrl).toBe(ORG)
  })

  it('names what it locks, for Settings', () => {
    expect(lockedSettings({ PayrollAddress: ORG })).toEqual([])
    expect(lockedSettings({ PayrollAddress: ORG, PayrollAddressLocked: true, PracticeAllowed: false, RequestsPerSecond: 1, DailyQuota: 3000 })).toEqual([
      'apiBaseUrl',
      'practice',
      'requestsPerSecond',
      'dailyQuota'
    ])
  })
})

describe('locked values', () => {
  it('a change is refused with the organisation’s words; the same value (the form sends every field) is no change; others save', async () => {
    const settings = withMachinePolicy(await store(), { PayrollAddress: ORG, PayrollAddressLocked: true, DailyQuota: 4000 })
    expect(settings.current()).toMatchObject({ apiBaseUrl: ORG, dailyQuota: 4000 })
    expect(await settings.update({ apiBaseUrl: 'https://elsewhere.example' })).toEqual({
      ok: false,
      error: { code: 'bad-input', message: SET_BY_ORGANISATION, details: { field: 'apiBaseUrl' } }
    })
    expect(await settings.update({ dailyQuota: 20_000 })).toMatchObject({ ok: false, error: { details: { field: 'dailyQuota' } } })
    const saved = await settings.update({ apiBaseUrl: ORG, dailyQuota: 4000, defaultHoursPerDay: 8 })
    expect(saved).toMatchObject({ ok: true, value: { apiBaseUrl: ORG, dailyQuota: 4000, defaultHoursPerDay: 8 } })
    // The clerk's file keeps the clerk's own values: removing the policy gives them back.
    const file = JSON.parse(await readFile(path.join(dir, 'settings.json'), 'utf8')) as { settings: Record<string, unknown> }
    expect(file.settings).toMatchObject({ apiBaseUrl: null, dailyQuota: 3000, defaultHoursPerDay: 8 })
  })

  it('Practice refused by policy cannot be chosen', async () => {
    const settings = withMachinePolicy(await store(), { PracticeAllowed: false })
    expect(await settings.update({ apiBaseUrl: null, payrollChosen: true })).toMatchObject({ ok: false, error: { code: 'bad-input', message: expect.stringMatching(/does not allow the Practice payroll/) } })
    expect(await settings.update({ apiBaseUrl: 'https://mine.example', payrollChosen: true })).toMatchObject({ ok: true })
  })
})
