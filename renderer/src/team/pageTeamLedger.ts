import { createStore } from 'zustand/vanilla'
import type { LeaveDeskApi } from '../../../shared/ipc'
import type { DraftsRepository } from '../db'
import { localLedgerName, openTeamLedger, type LedgerChange, type PouchConstructor, type TeamLedger } from './openTeamLedger'
import { openPracticeTeamLedger, practiceTeamNameBeforeIndexeddb } from './practiceTeam'
import { dropOldFormatDatabase, moveOldFormatReplica, replicaNameBeforeIndexeddb } from './replicaFormat'
import { createPublisher, type Publisher } from './publishRequests'
import { officeSettingsStore, officeSharesNotes, resetOfficeSettings } from './officeSettings'
import {
  applySharedSetting,
  loadOfficeSettings,
  shareDailyQuota,
  shareHolidayRegion,
  shareNotesSwitch,
  shareWhatTheOfficeLacks,
  shareWorkPattern
} from './sharedSettings'
import type { WeekHours } from '../../../shared/workPattern'
import { setTeamStatus, teamStatusStore } from './teamStatusStore'
import { noteClaimChanged, noteClaimsShared, noteTeamReachable, setCurrentTeam } from './currentTeam'

/**
 * The page's one team ledger: opened for the payroll file the clerk works in when a team server is set
 * up, reopened when Settings → Team changes it, closed when the file closes. With none configured the
 * store holds null and every screen works as it does alone.
 */
export interface PageTeamLedger {
  ledger: TeamLedger
  publisher: Publisher
  fileId: number
  /** Stops republishing this install's requests when the office's notes switch changes. */
  stopWatchingNotes: () => void
}

export const pageTeamLedgerStore = createStore<{ current: PageTeamLedger | null }>(() => ({ current: null }))

type LedgerApi = Pick<LeaveDeskApi, 'teamFetch' | 'getTeamServer' | 'practiceColleagueRequests'>
interface OpenFor {
  api: LedgerApi
  repo: DraftsRepository
  databaseName: string
  fileId: number
  /** Practice: the built-in practice team (practiceTeam.ts), never the team server. */
  practice: boolean
}

let lastOpened: OpenFor | null = null
let changing: Promise<void> = Promise.resolve()

/** Opens (or reopens) the ledger of `target.fileId`; one change at a time, in call order. */
export function openPageTeamLedger(target: OpenFor): Promise<void> {
  lastOpened = target
  changing = changing.then(() => replaceWith(target)).catch((error: unknown) => console.warn('The team ledger did not open:', error))
  return changing
}

/** Settings → Team changed: the same file's ledger again, with the new server. */
export function reopenPageTeamLedger(): Promise<void> {
  return lastOpened ? openPageTeamLedger(lastOpened) : Promise.resolve()
}

export function closePageTeamLedger(): Promise<void> {
  lastOpened = null
  changing = changing.then(() => replaceWith(null))
  return changing
}

/** After the queue records an outcome (publishingQueue.ts): into the ledger, if one is open. */
export function publishToTeam(draftId: string): void {
  void pageTeamLedgerStore.getState().current?.publisher.publish(draftId)
}

async function replaceWith(target: OpenFor | null): Promise<void> {
  const previous = pageTeamLedgerStore.getState().current
  if (previous) {
    pageTeamLedgerStore.setState({ current: null })
    setCurrentTeam(null)
    previous.stopWatchingNotes()
    await previous.ledger.stop()
  }
  resetOfficeSettings(target?.fileId ?? null)
  if (!target) return
  const server = await target.api.getTeamServer()
  if (!server.ok || (!server.value.configured && !target.practice)) {
    setTeamStatus({ state: 'off' })
    return
  }
  // Loaded only when a team server is set up: an office without one never pays for PouchDB at start-up.
  const { appPouchDB } = await import('./appPouchDB')
  const localName = localLedgerName(target.databaseName, target.fileId)
  await keepOldFormatReplica(target, localName, appPouchDB)
  const options = {
    api: target.api,
    fileId: target.fileId,
    localName,
    me: server.value.me,
    PouchDB: appPouchDB,
    onClaimChange: noteClaimChanged,
    onSharedSetting: (change: LedgerChange) => {
      // In arrival order, so a later pattern is never overwritten by an earlier one still being written.
      settingsApplied = settingsApplied
        .then(() => applySharedSetting(target.repo.db, target.fileId, change))
        .catch((error: unknown) => console.warn('A shared setting could not be applied:', error))
    }
  }
  const ledger = target.practice ? await openPracticeTeamLedger(options) : openTeamLedger(options)
  const publisher = createPublisher({ repo: target.repo, local: ledger.databases.local, me: server.value.me, shareNotes: () => officeSharesNotes(target.fileId) })
  await loadOfficeSettings(ledger.databases.local, target.fileId).catch((error: unknown) => console.warn('The office’s settings could not be read:', error))
  // The office turned notes sharing on or off: this install's requests in the ledger gain or lose their notes.
  const stopWatchingNotes = officeSettingsStore.subscribe((state, before) => {
    if (state.fileId !== target.fileId || (state.shareNotes?.value === true) === (before.shareNotes?.value === true)) return
    void publisher.catchUp(target.fileId).catch((error: unknown) => console.warn('Requests were not republished for the notes switch:', error))
  })
  pageTeamLedgerStore.setState({ current: { ledger, publisher, fileId: target.fileId, stopWatchingNotes } })
  // The claims before inserts and the office's rate budget (currentTeam.ts) use the same databases. Not
  // in Practice: Sam, the practice colleague, neither claims nor sends, and taking turns with nobody would
  // only hold the clerk's first requests while this install announces itself.
  if (!target.practice) setCurrentTeam(ledger.databases, target.fileId)
  await shareWhatTheOfficeLacks(target.repo.db, ledger.databases.local, server.value.me, target.fileId, Date.now())
  await publisher.catchUp(target.fileId)
}

let settingsApplied: Promise<void> = Promise.resolve()

/**
 * A replica kept in PouchDB's older format moves into the new one before the ledger opens (nothing only it
 * held is lost); Practice's older databases hold only Sam's requests, which main gives again, so they go.
 */
async function keepOldFormatReplica(target: OpenFor, localName: string, appPouchDB: PouchConstructor): Promise<void> {
  const oldName = replicaNameBeforeIndexeddb(target.databaseName, target.fileId)
  try {
    if (!target.practice) {
      await moveOldFormatReplica({ PouchDB: appPouchDB, oldName, newName: localName })
      return
    }
    await dropOldFormatDatabase(appPouchDB, `${oldName}-practice`)
    await dropOldFormatDatabase(appPouchDB, practiceTeamNameBeforeIndexeddb(target.fileId))
  } catch (error) {
    // The team server still has what it had: the new replica fills from it.
    console.warn('The older team replica could not be moved:', error)
  }
}

/** The clerk changed an employee's work pattern (null: back to the standard week): the office gets it. */
export function shareWorkPatternWithTeam(employeeId: number, hours: WeekHours | null): void {
  const current = pageTeamLedgerStore.getState().current
  if (!current) return
  const { local, me } = current.ledger.databases
  void shareWorkPattern(local, me, employeeId, hours, Date.now()).catch((error: unknown) => console.warn('The work pattern was not shared:', error))
}

/** The clerk chose the file's public-holiday region: the office gets it. */
export function shareHolidayRegionWithTeam(region: string): void {
  const current = pageTeamLedgerStore.getState().current
  if (!current) return
  const { local, me } = current.ledger.databases
  void shareHolidayRegion(local, me, region, Date.now()).catch((error: unknown) => console.warn('The holiday region was not shared:', error))
}

/** Settings → Team: the file's daily quota for the whole office. False with no team server open for the file. */
export async function shareDailyQuotaWithTeam(fileId: number, dailyQuota: number): Promise<boolean> {
  const current = pageTeamLedgerStore.getState().current
  if (current?.fileId !== fileId) return false
  await shareDailyQuota(current.ledger.databases.local, current.ledger.databases.me, dailyQuota, Date.now())
  return true
}

/** Settings → Team: whether request notes go into the team ledger, for the whole office. */
export async function shareNotesWithTeam(fileId: number, shareNotes: boolean): Promise<boolean> {
  const current = pageTeamLedgerStore.getState().current
  if (current?.fileId !== fileId) return false
  await shareNotesSwitch(current.ledger.databases.local, current.ledger.databases.me, shareNotes, Date.now())
  return true
}

// The rate budget trusts colleagues' heartbeats only while the replica hears from the team server.
teamStatusStore.subscribe(({ status }) => {
  if (status.state === 'up-to-date' || status.state === 'syncing') noteTeamReachable(status.state === 'up-to-date' || status.asOf !== undefined)
  else noteTeamReachable(false)
  // Caught up with the server: claims kept in the replica while it was away are on it now, so "cannot be
  // reached" would be stale (until now only the next claim said otherwise).
  if (status.state === 'up-to-date') noteClaimsShared(true)
})

