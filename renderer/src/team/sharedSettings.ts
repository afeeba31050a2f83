import { readTeamDoc } from '../../../shared/team/readTeamDoc'
import {
  DAILY_QUOTA_ID,
  HOLIDAY_REGION_ID,
  SHARE_NOTES_ID,
  teamDailyQuotaDocSchema,
  teamHolidayRegionDocSchema,
  teamShareNotesDocSchema,
  teamWorkPatternDocSchema,
  WORK_PATTERN_PREFIX,
  workPatternDocId,
  type TeamDailyQuotaDoc,
  type TeamHolidayRegionDoc,
  type TeamShareNotesDoc,
  type TeamWorkPatternDoc
} from '../../../shared/team/teamSettingsDoc'
import type { WeekHours } from '../../../shared/workPattern'
import type { LeaveDeskDb } from '../db/leaveDeskDb'
import type { TeamDb } from './teamDatabases'
import { setOfficeSetting } from './officeSettings'
import { recordSetAside } from './teamStatusStore'

/**
 * The office's shared settings, kept in the same tables this computer's Fill reads (workPatterns,
 * holidayRegions), so a colleague's pattern fills days through the ONE day calculation
 * (shared/leaveDays through safeguards/dayRules.ts), never a second one. A clerk's change is written
 * here and into the ledger; a colleague's arrives through replication and is written here.
 */
type Me = { installId: string; clerkName: string }

/** A `settings:` document from the replica: applied to this file's tables, or set aside. */
export async function applySharedSetting(db: LeaveDeskDb, fileId: number, change: { id: string; deleted?: boolean; doc?: unknown }): Promise<void> {
  if (change.id === DAILY_QUOTA_ID || change.id === SHARE_NOTES_ID) return applyOfficeSetting(fileId, change)
  if (change.deleted) return
  if (change.id.startsWith(WORK_PATTERN_PREFIX)) {
    const read = readTeamDoc(change.doc, teamWorkPatternDocSchema)
    if (!read.ok) return recordSetAside({ id: read.id, reason: read.reason })
    const { employeeId, hours, changedAt } = read.doc
    const kept = await db.workPatterns.get([fileId, employeeId])
    if (hours === null) {
      if (kept) await db.workPatterns.delete([fileId, employeeId])
    } else if (!kept || kept.hours.join() !== hours.join()) {
      await db.workPatterns.put({ fileId, employeeId, hours: [...hours] as unknown as WeekHours, updatedAt: changedAt })
    }
    return
  }
  if (change.id === HOLIDAY_REGION_ID) {
    const read = readTeamDoc(change.doc, teamHolidayRegionDocSchema)
    if (!read.ok) return recordSetAside({ id: read.id, reason: read.reason })
    const kept = await db.holidayRegions.get(fileId)
    if (kept?.region !== read.doc.region) await db.holidayRegions.put({ fileId, region: read.doc.region, chosenAt: read.doc.changedAt })
  }
}

/**
 * The file's daily quota and the notes switch, kept in officeSettings.ts. Removed from the ledger: no
 * office quota (each computer's own) and notes kept out, the safe readings.
 */
function applyOfficeSetting(fileId: number, change: { id: string; deleted?: boolean; doc?: unknown }): void {
  if (change.id === DAILY_QUOTA_ID) {
    if (change.deleted) return setOfficeSetting(fileId, { dailyQuota: undefined })
    const read = readTeamDoc(change.doc, teamDailyQuotaDocSchema)
    if (!read.ok) return recordSetAside({ id: read.id, reason: read.reason })
    return setOfficeSetting(fileId, { dailyQuota: { value: read.doc.dailyQuota, changedBy: read.doc.changedBy.clerkName, changedAt: read.doc.changedAt } })
  }
  if (change.deleted) return setOfficeSetting(fileId, { shareNotes: undefined })
  const read = readTeamDoc(change.doc, teamShareNotesDocSchema)
  if (!read.ok) return recordSetAside({ id: read.id, reason: read.reason })
  setOfficeSetting(fileId, { shareNotes: { value: read.doc.shareNotes, changedBy: read.doc.changedBy.clerkName, changedAt: read.doc.changedAt } })
}

/**
 * The office's quota and notes switch as the replica already holds them, applied before the ledger's
 * first publishing: a computer that restarts must not strip its requests' notes (or add them) only to
 * change them back when the changes feed brings the switch a moment later.
 */
export async function loadOfficeSettings(local: TeamDb, fileId: number): Promise<void> {
  const { rows } = await local.allDocs({ keys: [DAILY_QUOTA_ID, SHARE_NOTES_ID], include_docs: true })
  for (const row of rows) if (row.doc) applyOfficeSetting(fileId, { id: row.id, doc: row.doc })
}

/** The clerk set the file's daily quota for the whole office (Settings → Team). */
export function shareDailyQuota(local: TeamDb, me: Me, dailyQuota: number, now: number): Promise<void> {
  return upsert(local, DAILY_QUOTA_ID, (rev): TeamDailyQuotaDoc => ({ _id: DAILY_QUOTA_ID, ...(rev ? { _rev: rev } : {}), type: 'settings', dailyQuota, changedBy: me, changedAt: now }))
}

/** The clerk turned sharing request notes on or off for the whole office (Settings → Team). */
export function shareNotesSwitch(local: TeamDb, me: Me, shareNotes: boolean, now: number): Promise<void> {
  return upsert(local, SHARE_NOTES_ID, (rev): TeamShareNotesDoc => ({ _id: SHARE_NOTES_ID, ...(rev ? { _rev: rev } : {}), type: 'settings', shareNotes, changedBy: me, changedAt: now }))
}

/** The clerk set (or cleared, `null`) an employee's pattern: the office gets it too. */
export function shareWorkPattern(local: TeamDb, me: Me, employeeId: number, hours: WeekHours | null, now: number): Promise<void> {
  return upsert(local, workPatternDocId(employeeId), (rev): TeamWorkPatternDoc => ({
    _id: workPatternDocId(employeeId),
    ...(rev ? { _rev: rev } : {}),
    type: 'settings',
    employeeId,
    hours: hours === null ? null : ([...hours] as TeamWorkPatternDoc['hours'] & object),
    changedBy: me,
    changedAt: now
  }))
}

export function shareHolidayRegion(local: TeamDb, me: Me, region: string, now: number): Promise<void> {
  return upsert(local, HOLIDAY_REGION_ID, (rev): TeamHolidayRegionDoc => ({
    _id: HOLIDAY_REGION_ID,
    ...(rev ? { _rev: rev } : {}),
    type: 'settings',
    region,
    changedBy: me,
    changedAt: now
  }))
}

/**
 * This computer's patterns and region the office does not have yet, shared when the ledger opens; what
 * the office already has is not overwritten (it arrives through replication and wins).
 */
export async function shareWhatTheOfficeLacks(db: LeaveDeskDb, local: TeamDb, me: Me, fileId: number, now: number): Promise<void> {
  const patterns = await db.workPatterns.where('[fileId+employeeId]').between([fileId, -Infinity], [fileId, Infinity]).toArray()
  const region = await db.holidayRegions.get(fileId)
  const ids = [...patterns.map((pattern) => workPatternDocId(pattern.employeeId)), ...(region ? [HOLIDAY_REGION_ID] : [])]
  if (ids.length === 0) return
  const { rows } = await local.allDocs({ keys: ids })
  const present = new Set(rows.filter((row) => row.value && !row.value.deleted).map((row) => row.id))
  for (const pattern of patterns) {
    if (!present.has(workPatternDocId(pattern.employeeId))) await shareWorkPattern(local, me, pattern.employeeId, pattern.hours, now)
  }
  if (region && !present.has(HOLIDAY_REGION_ID)) await shareHolidayRegion(local, me, region.region, now)
}

async function upsert<T extends { _id: string }>(local: TeamDb, id: string, build: (rev: string | undefined) => T): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const rev = await local.get(id).then((doc) => doc._rev, () => undefined)
    try {
      await local.put(build(rev) as unknown as Parameters<TeamDb['put']>[0])
      return
    } catch (error) {
      // Another write of this page got there first: read the new revision and write again.
      if ((error as { status?: number }).status !== 409) throw error
    }
  }
}
