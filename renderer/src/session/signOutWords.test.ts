import { describe, expect, it } from 'vitest'
import type { SyncSummary } from '../sync'
import { sentBeforeSignOutMessage } from './signOutWords'

const summary = (counts: Partial<SyncSummary>): SyncSummary => ({
  ran: true,
  synced: 0,
  needsAttention: 0,
  uncertain: 0,
  waitingToRetry: 0,
  finishedAt: 1,
  ...counts
})

describe('sentBeforeSignOutMessage', () => {
  it('counts what the batch really did', () => {
    expect(sentBeforeSignOutMessage(summary({ synced: 6 }), 0)).toBe('6 requests reached payroll.')
    expect(sentBeforeSignOutMessage(summary({ synced: 1, needsAttention: 1, uncertain: 2 }), 3)).toBe(
      '1 request reached payroll. 1 request needs fixing. 2 requests may or may not be in payroll: check them after signing in again. 3 requests stay queued and will be sent after you sign in again.'
    )
  })
  it('never claims a batch that did not run', () => {
    expect(sentBeforeSignOutMessage(summary({ ran: false }), 2)).toBe(
      'Sending has stopped. 2 requests stay queued and will be sent after you sign in again.'
    )
  })
})
