import { holidayRegion } from '../../../shared/holidays'
import { formatDate, formatWeekday } from '../format/formatting'
import { HolidayRegionChange } from './HolidayRegionPrompt'

/** Which days in the range are public holidays: Fill leaves them out, the clerk may still add one. */
export function HolidayNote(props: { fileId: number; region: string | undefined; holidays: ReadonlyMap<string, string> }) {
  if (!props.region) {
    return <p className="field-hint">Public holidays are not left out yet: choose this file’s holiday region first.</p>
  }
  if (props.holidays.size === 0) return <HolidayRegionChange fileId={props.fileId} region={props.region} />
  const place = holidayRegion(props.region)?.label ?? props.region
  return (
    <div className="notice info-notice holiday-note" data-testid="holiday-note">
      <span>
        <strong>Public holidays in these dates</strong> ({place}). Fill leaves them out: a public holiday inside annual
        leave is not taken from the balance. Add a line yourself if the day should count.
      </span>
      <ul>
        {[...props.holidays].map(([date, name]) => (
          <li key={date}>
            {formatWeekday(date)} {formatDate(date)}: {name}
          </li>
        ))}
      </ul>
      <HolidayRegionChange fileId={props.fileId} region={props.region} />
    </div>
  )
}
