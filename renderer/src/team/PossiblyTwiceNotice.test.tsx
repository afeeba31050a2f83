import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { DraftRecord } from '../db'
import { PossiblyTwiceBadge, PossiblyTwiceNotice } from './PossiblyTwiceNotice'
import { colleagueSentMessage } from './teamClaimWords'

const synced = (overrides: Partial<DraftRecord>): DraftRecord => ({
  id: 'd1',
  fileId: 1001,
  seq: 1,
  status: 'synced',
  attempts: 1,
  createdAt: 0,
  updatedAt: 0,
  serverId: 812,
  startDate: '2026-12-07',
  endDate: '2026-12-08',
  leaveStatus: 'Pending',
  notes: '',
  items: [],
  ...overrides
})

describe('possibly in payroll twice, on screen', () => {
  it('names both payroll numbers and the colleague, and offers Reject on its key', () => {
    const html = renderToStaticMarkup(
      <PossiblyTwiceNotice draft={synced({ possiblyTwice: { otherServerId: 815, clerkName: 'Ben at FRONT-DESK-2', foundAt: 0 } })} onReject={() => {}} />
    )
    expect(html).toContain('Possibly in payroll twice')
    expect(html).toContain('payroll number 812')
    expect(html).toContain('Ben at FRONT-DESK-2’s request (payroll number 815)')
    expect(html).toMatch(/aria-keyshortcuts="R"[^>]*>Reject this one/)
  })

  it('shows nothing on a request no colleague’s may duplicate, and no Reject once rejected', () => {
    expect(renderToStaticMarkup(<PossiblyTwiceNotice draft={synced({})} onReject={() => {}} />)).toBe('')
    const rejected = renderToStaticMarkup(
      <PossiblyTwiceNotice draft={synced({ leaveStatus: 'Rejected', possiblyTwice: { otherServerId: 815, clerkName: 'Ben', foundAt: 0 } })} onReject={() => {}} />
    )
    expect(rejected).not.toContain('Reject this one')
  })
})

describe('a colleague sent this leave, in words', () => {
  it('says who and at what time; the day too when it was not today', () => {
    const now = new Date(2026, 11, 7, 15, 0).getTime()
    expect(colleagueSentMessage('Mia at FRONT-DESK-1', new Date(2026, 11, 7, 10, 2).getTime(), now)).toMatch(/^Mia at FRONT-DESK-1 sent this leave at 10:02\b/)
    expect(colleagueSentMessage('Mia', new Date(2026, 11, 6, 10, 2).getTime(), now)).toMatch(/at 10:02\b.* on \D*6\b/)
    expect(colleagueSentMessage('Another Leave Desk', 0, now)).toBe('Another Leave Desk already sent this leave to payroll, so Leave Desk did not send it again.')
  })

  it('flags the list row until this one is rejected', () => {
    const mark = { otherServerId: 815, clerkName: 'Ben at FRONT-DESK-2', foundAt: 0 }
    expect(renderToStaticMarkup(<PossiblyTwiceBadge draft={synced({ possiblyTwice: mark })} />)).toContain('>Possibly in payroll twice</span>')
    expect(renderToStaticMarkup(<PossiblyTwiceBadge draft={synced({})} />)).toBe('')
    expect(renderToStaticMarkup(<PossiblyTwiceBadge draft={synced({ leaveStatus: 'Rejected', possiblyTwice: mark })} />)).toBe('')
  })
})
