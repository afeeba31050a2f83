import type { LeaveSpan } from '../../../shared/safeguards'
import { Icon } from '../ui/Icon'
import { colleagueClashWords } from './colleagueClashes'
import { useColleagueClashes } from './useColleagueClashes'
import './team.css'

/** In the editor: what colleagues already sent for this employee on these days, naming who and when. */
export function ColleagueClashNotice(props: { span: LeaveSpan }) {
  const clashes = useColleagueClashes(props.span)
  if (clashes.length === 0) return null
  const exact = clashes.some((clash) => clash.exact)
  const now = Date.now()
  return (
    <div className="notice warning-notice clash-notice" role="status" data-testid="colleague-clash-notice">
      <Icon name="warning" />
      <div>
        <strong>{exact ? 'A colleague already sent this leave.' : 'A colleague sent leave on some of these days.'}</strong>{' '}
        {exact ? 'Sending it too would put it into payroll twice.' : 'The employee would be away twice on the shared days.'}
        <ul>
          {clashes.map((clash) => (
            <li key={clash.other.id}>{colleagueClashWords(clash, now)}</li>
          ))}
        </ul>
      </div>
    </div>
  )
}

/** In a list row: "Sent by ana" when a colleague sent the same leave, "Colleague overlaps" otherwise. */
export function ColleagueClashBadge(props: { span: LeaveSpan }) {
  const clashes = useColleagueClashes(props.span)
  const first = clashes[0]
  if (!first) return null
  const who = first.other.request.enteredBy.clerkName
  const now = Date.now()
  return (
    <span
      className={`clash-badge${first.exact ? ' exact' : ''}`}
      title={clashes.map((clash) => colleagueClashWords(clash, now)).join('\n')}
      data-testid="colleague-clash-badge"
    >
      {first.exact ? `Sent by ${who}` : `Overlaps ${who}’s`}
    </span>
  )
}
