import { holidayRegion } from '../../../shared/holidays'
import { formatHours } from '../format/formatting'
import type { DayRules } from '../safeguards/dayRules'
import { HolidayRegionPrompt } from '../safeguards/HolidayRegionPrompt'

/**
 * How the preview's days were worked out, in the words the editor's Fill uses: each employee's work
 * pattern, the file's public holidays left out, unpaid leave types unpaid. Until the file has a holiday
 * region the clerk is asked here, since the days depend on it.
 */
export function DaysRuleNote(props: { fileId: number; rules: DayRules }) {
  const { rules } = props
  if (!rules.regionCode) return <HolidayRegionPrompt fileId={props.fileId} />
  const place = holidayRegion(rules.regionCode)?.label ?? rules.regionCode
  return (
    <p className="import-note" data-testid="days-rule">
      Days are each employee’s working days ({formatHours(rules.hoursPerDay)} Monday to Friday unless their work pattern says
      otherwise), public holidays of {place} left out; an unpaid leave type gives unpaid days.
    </p>
  )
}
