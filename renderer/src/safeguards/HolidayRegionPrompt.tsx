import { useLiveQuery } from 'dexie-react-hooks'
import { useState } from 'react'
import { countryCodeOf } from '../../../shared/countryCode'
import { defaultHolidayRegion, HOLIDAY_REGIONS } from '../../../shared/holidays'
import { useAppServices } from '../app/AppServicesContext'
import { chooseHolidayRegion as keepHolidayRegion, holidayRegionOf } from './holidayRegionStore'
import { shareHolidayRegionWithTeam } from '../team/pageTeamLedger'
import type { LeaveDeskDb } from '../db/leaveDeskDb'
import './safeguards.css'

/** The clerk's choice, kept here and shared with the office (the team ledger, when one is open). */
async function chooseHolidayRegion(db: LeaveDeskDb, fileId: number, region: string, now: number): Promise<void> {
  const kept = await keepHolidayRegion(db, fileId, region, now)
  if (kept.ok) shareHolidayRegionWithTeam(kept.value)
}

/** The region to offer: the file's country as payroll named it, then the computer's time zone and locale. */
function suggestedRegion(fileCountry: string | null | undefined): string {
  const locale = navigator.language || 'en-AU'
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone
  return defaultHolidayRegion(locale, timeZone, fileCountry)
}

const COUNTRIES = [
  { code: 'AU', label: 'Australia' },
  { code: 'NZ', label: 'New Zealand' }
] as const

/** The region's select, used by the first-time question and by the change later on; the file's country first. */
export function HolidayRegionSelect(props: { id: string; value: string; onChange(region: string): void; firstCountry?: string | null }) {
  const countries = props.firstCountry === 'NZ' ? [...COUNTRIES].reverse() : COUNTRIES
  return (
    <select id={props.id} value={props.value} onChange={(event) => props.onChange(event.target.value)}>
      {countries.map((country) => (
        <optgroup key={country.code} label={country.label}>
          {HOLIDAY_REGIONS.filter((r) => r.country === country.code).map((r) => (
            <option key={r.code} value={r.code}>
              {r.label}
            </option>
          ))}
        </optgroup>
      ))}
    </select>
  )
}

/**
 * Asked once per file: whose public holidays apply. Offered from the computer's locale and time zone;
 * until answered, Fill leaves no holiday out (and the editor says so). Changed later from the editor.
 */
export function HolidayRegionPrompt(props: { fileId: number }) {
  const { repo } = useAppServices()
  const stored = useLiveQuery(async () => (await holidayRegionOf(repo.db, props.fileId)) ?? null, [repo, props.fileId])
  const fileCountry = useLiveQuery(async () => (await repo.db.referenceMeta.get([props.fileId, 'fileIdentity']))?.country ?? null, [repo, props.fileId])
  const [picked, setChoice] = useState<string | null>(null)
  const country = countryCodeOf(fileCountry)
  const choice = picked ?? suggestedRegion(fileCountry)
  // Asked only once the file's country is read (payroll's FileIdentities, cached): a New Zealand file is
  // never offered New South Wales from the computer's time zone while that read is still on its way.
  if (stored !== null || fileCountry === undefined) return null
  return (
    <div className="notice info-notice holiday-region-prompt" role="region" aria-label="Public holidays for this file">
      <label htmlFor="holiday-region-first">
        <strong>Which public holidays apply to this file?</strong> Fill leaves them out of leave. You are asked once.
        {country === 'NZ' && ' This is a New Zealand file: choose its region, since each region has its own anniversary day.'}
      </label>
      <div className="button-row">
        <HolidayRegionSelect id="holiday-region-first" value={choice} onChange={setChoice} firstCountry={country} />
        <button type="button" className="button" onClick={() => void chooseHolidayRegion(repo.db, props.fileId, choice, Date.now())}>
          Use these holidays
        </button>
      </div>
    </div>
  )
}

/** In the editor: the file's region, changeable. */
export function HolidayRegionChange(props: { fileId: number; region: string }) {
  const { repo } = useAppServices()
  return (
    <p className="holiday-region-change">
      <label htmlFor="holiday-region">Public holidays of</label>{' '}
      <HolidayRegionSelect
        id="holiday-region"
        value={props.region}
        onChange={(region) => void chooseHolidayRegion(repo.db, props.fileId, region, Date.now())}
      />
    </p>
  )
}
