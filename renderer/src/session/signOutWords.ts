import type { SyncSummary } from '../sync'

const requests = (count: number) => `${count} request${count === 1 ? '' : 's'}`

/**
 * What the batch the clerk waited for really did, before they sign out: counted from the run's own
 * summary, not from what was queued when they asked.
 */
export function sentBeforeSignOutMessage(summary: SyncSummary | undefined, stillWaiting: number): string {
  const parts: string[] = []
  if (summary?.ran) {
    parts.push(summary.synced === 0 ? 'No requests reached payroll in this batch.' : `${requests(summary.synced)} reached payroll.`)
    if (summary.needsAttention > 0) parts.push(`${requests(summary.needsAttention)} need${summary.needsAttention === 1 ? 's' : ''} fixing.`)
    if (summary.uncertain > 0) parts.push(`${requests(summary.uncertain)} may or may not be in payroll: check ${summary.uncertain === 1 ? 'it' : 'them'} after signing in again.`)
  } else {
    parts.push('Sending has stopped.')
  }
  if (stillWaiting > 0) parts.push(`${requests(stillWaiting)} stay${stillWaiting === 1 ? 's' : ''} queued and will be sent after you sign in again.`)
  return parts.join(' ')
}
