/**
 * What the clerk reads when payroll ended the sign-in (its refresh was refused). Payroll keeps at most 25
 * sign-ins per user and ends the least recently used one when another begins, so the usual cause is the
 * same payroll user signing in somewhere else (another integration, another computer); the app cannot
 * tell which, so it says what is most likely and what to do. Nothing is lost: drafts and queued requests
 * stay on this computer and go once the clerk signs in again.
 */
export const SIGNED_IN_ELSEWHERE =
  'Signed in elsewhere: payroll ended this sign-in, which happens when the same payroll user signs in somewhere else. Sign in again; your drafts and queued requests are kept on this computer and are sent once you do.'
