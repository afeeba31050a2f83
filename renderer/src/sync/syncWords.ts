import type { AttemptOutcome } from '../db'
import type { FileRefusal } from './sendOneDraft'

/** The queue's events in a payroll clerk's words. */

export const ATTEMPT_OUTCOME_WORDS: Readonly<Record<AttemptOutcome, string>> = {
  ok: 'Accepted by payroll',
  interrupted: 'Leave Desk closed while sending — no answer from payroll',
  'kept-mine': 'Kept your change over payroll’s',
  'used-payroll': 'Used payroll’s version',
  decided: 'Decided in Leave Desk',
  undone: 'Undone before it was sent',
  opened: 'Opened from payroll by its number',
  linked: 'Linked to the request found in payroll',
  'unknown-outcome': 'Sent, but no answer came back from payroll',
  network: 'Could not reach payroll — will try again',
  server: 'Payroll had a problem — will try again',
  'rate-limited': 'Payroll asked us to slow down — will try again',
  unavailable: 'Payroll was unavailable — will try again',
  unauthorized: 'Not sent: you were signed out',
  'signed-out': 'Not sent: you were signed out',
  'quota-exhausted': 'Not sent: today’s limit of requests to payroll was used up',
  validation: 'Refused by payroll: some details need fixing',
  forbidden: 'Refused by payroll: no permission for this file',
  'not-found': 'Refused by payroll: something it refers to was not found',
  conflict: 'Refused by payroll: it clashes with a change made there',
  'bad-input': 'Not sent: the request was incomplete',
  internal: 'Not sent: Leave Desk had a problem',
  misconfigured: 'Not sent: the payroll address in Settings does not look like payroll',
  certificate: 'Not sent: this computer does not trust the payroll service’s certificate — will try again',
  proxy: 'Not sent: the network’s proxy did not pass it on — will try again'
}

/** Outcomes whose history line is the message written with them (a decision's reason, a linked number). */
export const TOLD_BY_MESSAGE: ReadonlySet<AttemptOutcome> = new Set<AttemptOutcome>(['decided', 'undone', 'opened', 'linked'])

export const UNCERTAIN_EXPLANATION =
  'Leave Desk sent this request to payroll but never got an answer, so it may or may not be in payroll. ' +
  'Leave Desk will not send it again by itself, because that could create a duplicate. Look for it in payroll: ' +
  'if it is there, choose “Mark as sent”; if it is not, choose “Send again”.'

export const SEND_AGAIN_HINT = 'It is not in payroll: send it again.'
export const MARK_AS_SENT_HINT = 'It is already in payroll: do not send it again.'

/** Longest part of payroll's own message the panel quotes; the draft keeps the whole of it. */
const MAX_QUOTED = 240

/**
 * Why the queue stopped after payroll refused access to a file (403) or did not know where to put a
 * request (404): every other request would have met the same answer. Quotes payroll's reason.
 */
export function refusedBatchMessage(refusal: FileRefusal): string {
  const reason = sentence(refusal.message)
  return refusal.code === 'forbidden'
    ? `Payroll refused access to file ${refusal.fileId}: ${reason} Check your access, then press Sync now.`
    : `Payroll could not find where to send requests for file ${refusal.fileId}: ${reason} Check your access and the payroll address, then press Sync now.`
}

/** Payroll's words as one sentence: trimmed, shortened if very long, ending with a full stop. */
function sentence(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim()
  if (oneLine === '') return 'No reason was given.'
  const short = oneLine.length > MAX_QUOTED ? `${oneLine.slice(0, MAX_QUOTED - 1).trimEnd()}…` : oneLine
  return /[.!?…]$/.test(short) ? short : `${short}.`
}

/** "14:05", in the clerk's own locale and time zone. */
export function clockTime(at: number): string {
  return new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' }).format(at)
}

/** "2 Mar 2026, 14:05". */
export function dateAndTime(at: number): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(at)
}

export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`
}
