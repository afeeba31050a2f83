/** The team ledger's sentences for the clerk: no field names, no ids; who and when. */

/** "Mia at FRONT-DESK-2 sent this leave at 10:02" (with the day when it was not today). */
export function colleagueSentMessage(clerkName: string, claimedAt: number, now: number): string {
  if (claimedAt <= 0) return `${clerkName} already sent this leave to payroll, so Leave Desk did not send it again.`
  return `${clerkName} sent this leave at ${whenSaid(claimedAt, now)}, so Leave Desk did not send it again.`
}

export const SEND_ANYWAY_HINT = 'Send anyway if this is a second, separate leave; Discard if it is the same one.'

export const TEAM_UNSHARED_MESSAGE =
  'The team server cannot be reached: sending goes on, and colleagues see these requests once it is back.'

export function possiblyTwiceMessage(ownServerId: number | undefined, otherServerId: number, clerkName: string): string {
  const own = ownServerId === undefined ? 'This request' : `This request (payroll number ${ownServerId})`
  return `${own} and ${clerkName}’s request (payroll number ${otherServerId}) are for the same leave: it may be in payroll twice.`
}

function whenSaid(at: number, now: number): string {
  const time = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' }).format(at)
  if (new Date(at).toDateString() === new Date(now).toDateString()) return time
  return `${time} on ${new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' }).format(at)}`
}
