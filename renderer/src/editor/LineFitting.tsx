import type { DraftItem } from '../drafts/draftContent'
import { formatDate, formatHours, formatWeekday } from '../format/formatting'

/** Asked before a refill would overwrite lines the clerk changed; names the lines it would lose. */
export function RefillQuestion(props: { changed: readonly DraftItem[]; onReplace(): void; onKeep(): void }) {
  const count = props.changed.length
  return (
    <div className="notice warning-notice refill-question" role="alertdialog" aria-labelledby="refill-title" aria-describedby="refill-lines">
      <strong id="refill-title">
        Refill would replace {count} {count === 1 ? 'line' : 'lines'} you changed.
      </strong>
      <ul id="refill-lines">
        {props.changed.map((line) => (
          <li key={line.date}>
            {formatWeekday(line.date)} {formatDate(line.date) || 'no date'}: {formatHours(line.hours)}
            {line.isPaid ? '' : ', unpaid'}
          </li>
        ))}
      </ul>
      <div className="button-row">
        <button type="button" className="button" onClick={props.onReplace}>
          Replace them
        </button>
        <button type="button" className="button quiet" onClick={props.onKeep} autoFocus>
          Keep my lines
        </button>
      </div>
    </div>
  )
}

/** After the dates changed: lines outside them, or working days without a line. */
export function RefitOffer(props: { outside: number; missing: number; onRefit(): void }) {
  const parts: string[] = []
  if (props.outside > 0) parts.push(`${props.outside} ${props.outside === 1 ? 'line is' : 'lines are'} outside the dates`)
  if (props.missing > 0) parts.push(`${props.missing} working ${props.missing === 1 ? 'day has' : 'days have'} no line`)
  return (
    <div className="notice info-notice refit-offer" role="status">
      <span>
        The dates no longer match the lines: {parts.join(' and ')}. The total is wrong until they match.
      </span>
      <div className="button-row">
        <button type="button" className="button" onClick={props.onRefit}>
          Fit lines to the dates
        </button>
      </div>
    </div>
  )
}
