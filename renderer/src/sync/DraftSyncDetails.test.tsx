import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { AttemptRecord, DraftRecord } from '../db'
import { DraftSyncDetailsView } from './DraftSyncDetails'

const draft = (overrides: Partial<DraftRecord>): DraftRecord => ({
  id: 'd1',
  fileId: 1001,
  seq: 1,
  status: 'queued',
  attempts: 0,
  createdAt: 0,
  updatedAt: 0,
  startDate: '2026-03-02',
  endDate: '2026-03-02',
  leaveStatus: 'Approved',
  notes: '',
  items: [],
  ...overrides
})

const render = (record: DraftRecord | undefined, attempts: AttemptRecord[] = [], refusal?: string) =>
  renderToStaticMarkup(
    <DraftSyncDetailsView
      draft={record}
      attempts={attempts}
      busy={false}
      refusal={refusal}
      onSendAgain={() => {}}
      onMarkAsSent={() => {}}
      formatTime={(at) => `at ${at}`}
    />
  )

describe('DraftSyncDetails', () => {
  it('lists each attempt with its time and outcome in plain words', () => {
    const html = render(draft({ status: 'synced', serverId: 77 }), [
      { draftId: 'd1', at: 1, outcome: 'network', message: 'connect ECONNREFUSED' },
      { draftId: 'd1', at: 2, outcome: 'ok', message: 'Accepted by payroll as #77.' }
    ])
    expect(html).toContain('at 1</time> — Could not reach payroll — will try again')
    expect(html).toContain('at 2</time> — Accepted by payroll')
    expect(html).toContain('In payroll as request #77.')
    expect(html).not.toContain('ECONNREFUSED')
  })

  it('shows the last problem with the fields to fix', () => {
    const html = render(
      draft({
        status: 'needs-attention',
        lastError: { code: 'validation', message: 'Payroll refused it.', fieldIssues: [{ field: 'items.0.hours', message: 'Too many hours.' }] }
      })
    )
    expect(html).toContain('Last problem:</strong> Payroll refused it.')
    expect(html).toContain('Too many hours.')
    expect(html).not.toContain('Send again')
  })

  it('for an uncertain request, explains why and offers "Send again" and "Mark as sent"', () => {
    const html = render(draft({ status: 'uncertain', lastError: { code: 'unknown-outcome', message: 'No answer.' } }), [], 'Refused.')
    expect(html).toContain('may or may not be in payroll')
    expect(html).toContain('could create a duplicate')
    expect(html).toMatch(/<button[^>]*>Send again<\/button>/)
    expect(html).toMatch(/<button[^>]*>Mark as sent<\/button>/)
    expect(html).toContain('role="alert">Refused.')
  })

  it('says when a request was marked as sent by the clerk, and when nothing was sent yet', () => {
    expect(render(draft({ status: 'synced' }))).toContain('You marked this request as already in payroll.')
    expect(render(draft({}))).toContain('Not sent yet.')
  })

  it('holds "Send again" and says why while the earlier request is still on its way after a reload', () => {
    const uncertain = draft({ status: 'uncertain', attempts: 1, lastError: { code: 'unknown-outcome', message: 'The app closed.' } })
    const html = renderToStaticMarkup(
      <DraftSyncDetailsView draft={uncertain} attempts={[]} busy={false} earlierInFlight onSendAgain={() => {}} onMarkAsSent={() => {}} />
    )
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Send again<\/button>/)
    expect(html).toContain('still waiting for payroll’s answer to the earlier try')
    expect(render(uncertain)).not.toMatch(/disabled=""[^>]*>Send again/)
  })
})
