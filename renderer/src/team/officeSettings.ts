import { createStore } from 'zustand/vanilla'

/**
 * The office's shared settings for the open payroll file that have no table of this computer's to live
 * in: the file's daily quota (main counts by it: shared/ipc/officeShare.ts) and whether request notes
 * go into the team ledger. Filled from the replica's `settings:` documents (sharedSettings.ts, each
 * validated); until one arrives, the safe readings: no office quota (the computer's own applies) and
 * notes kept out.
 */
export interface SharedValue<T> {
  value: T
  changedBy: string
  changedAt: number
}

export interface OfficeSettings {
  fileId: number | null
  dailyQuota?: SharedValue<number>
  shareNotes?: SharedValue<boolean>
}

export const officeSettingsStore = createStore<OfficeSettings>(() => ({ fileId: null }))

/** A ledger opened (or closed: null) for `fileId`: nothing of another file's settings is kept. */
export function resetOfficeSettings(fileId: number | null): void {
  officeSettingsStore.setState({ fileId, dailyQuota: undefined, shareNotes: undefined }, true)
}

export function setOfficeSetting(fileId: number, patch: Pick<OfficeSettings, 'dailyQuota'> | Pick<OfficeSettings, 'shareNotes'>): void {
  if (officeSettingsStore.getState().fileId !== fileId) return
  officeSettingsStore.setState(patch)
}

/** Whether the office shares request notes for `fileId` (off unless its team turned it on). */
export function officeSharesNotes(fileId: number): boolean {
  const state = officeSettingsStore.getState()
  return state.fileId === fileId && state.shareNotes?.value === true
}

/** The office's daily quota for `fileId`, if its team set one. */
export function officeDailyQuota(fileId: number | null): number | undefined {
  const state = officeSettingsStore.getState()
  return fileId !== null && state.fileId === fileId ? state.dailyQuota?.value : undefined
}
