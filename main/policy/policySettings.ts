import { fail, type ApiResult } from '../../shared/apiError'
import type { LockedSetting } from '../../shared/ipc/appInfo'
import type { Settings } from '../../shared/ipc/settings'
import type { SettingsStore } from '../settingsStore'
import type { MachinePolicy } from './policySchema'

/**
 * Machine policy over the clerk's settings: policy > settings > defaults. The clerk's file keeps the
 * clerk's own values (a policy removed later gives them back); what main runs on is `current()`. A change
 * to a locked value is refused with a code and the words Settings shows beside the field.
 */
export const SET_BY_ORGANISATION = 'This is set by your organisation and cannot be changed here.'

export function lockedSettings(policy: MachinePolicy): LockedSetting[] {
  const locked: LockedSetting[] = []
  if (policy.PayrollAddress !== undefined && policy.PayrollAddressLocked) locked.push('apiBaseUrl')
  if (policy.PracticeAllowed === false) locked.push('practice')
  if (policy.RequestsPerSecond !== undefined) locked.push('requestsPerSecond')
  if (policy.DailyQuota !== undefined) locked.push('dailyQuota')
  return locked
}

export function effectiveSettings(settings: Settings, policy: MachinePolicy): Settings {
  const effective = { ...settings }
  const address = policy.PayrollAddress
  if (address !== undefined) {
    const practiceRefused = policy.PracticeAllowed === false && settings.apiBaseUrl === null
    // Unlocked, the organisation's address is the default until the clerk has chosen a payroll.
    if (policy.PayrollAddressLocked || practiceRefused || !settings.payrollChosen) effective.apiBaseUrl = address
    if (policy.PayrollAddressLocked || practiceRefused) effective.payrollChosen = true
  }
  if (policy.RequestsPerSecond !== undefined) effective.requestsPerSecond = policy.RequestsPerSecond
  if (policy.DailyQuota !== undefined) effective.dailyQuota = policy.DailyQuota
  return effective
}

export function withMachinePolicy(store: SettingsStore, policy: MachinePolicy): SettingsStore {
  const locked = lockedSettings(policy)
  return {
    current: () => effectiveSettings(store.current(), policy),
    async update(patch): Promise<ApiResult<Settings>> {
      const now = effectiveSettings(store.current(), policy)
      const own = { ...patch }
      for (const key of ['apiBaseUrl', 'requestsPerSecond', 'dailyQuota'] as const) {
        if (!(key in own) || !locked.includes(key)) continue
        // The Settings form sends every field: the locked value itself is no change.
        if (own[key] !== now[key]) return fail({ code: 'bad-input', message: SET_BY_ORGANISATION, details: { field: key } })
        delete own[key]
      }
      if (locked.includes('practice') && 'apiBaseUrl' in own && own.apiBaseUrl === null) {
        return fail({ code: 'bad-input', message: 'Your organisation does not allow the Practice payroll on this computer.', details: { field: 'apiBaseUrl' } })
      }
      const saved = await store.update(own)
      return saved.ok ? { ok: true, value: effectiveSettings(saved.value, policy) } : saved
    }
  }
}
