import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { SyncPanelView } from './SyncPanel'
import type { SyncProgress } from './syncTypes'

const render = (progress: SyncProgress, now = 0) =>
  renderToStaticMarkup(<SyncPanelView progress={progress} now={now} onSyncNow={() => {}} formatTime={(at) => `T+${at}`} />)

const idle: SyncProgress = { running: false, total: 0, done: 0, inFlight: 0, startedAt: 0, completions: [] }

/** 11 requests finished over the run's first 14.4 s: 29 left at that pace is about 38 s. */
const elevenIn14s = Array.from({ length: 11 }, (_, i) => ((i + 1) * 14_400) / 11)

describe('SyncPanel', () => {
  it('shows a progress bar with "Sending 12 of 40" and the time left while sending', () => {
    const html = render({ running: true, total: 40, done: 11, inFlight: 4, startedAt: 0, completions: elevenIn14s }, 14_400)
    expect(html).toContain('role="progressbar"')
    expect(html).toContain('aria-valuenow="11"')
    expect(html).toContain('aria-valuemax="40"')
    expect(html).toContain('Sending 12 of 40')
    expect(html).toContain('about 40 s left')
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Sync now<\/button>/)
  })

  it('says, as an alert, that the computer’s storage is failing', () => {
    const html = render({ ...idle, problem: 'This computer’s storage is refusing to save Leave Desk’s changes.' })
    expect(html).toMatch(/<p role="alert"[^>]*>This computer’s storage is refusing to save Leave Desk’s changes\.<\/p>/)
    expect(render(idle)).not.toContain('role="alert"')
  })

  it('says why it is paused, in plain words', () => {
    const html = render({ ...idle, paused: { reason: 'signed-out', message: 'Signed out — sign in to continue' } })
    expect(html).toContain('Signed out — sign in to continue')
    expect(html).not.toContain('progressbar')
  })

  it('sums up the last run: synced, needing attention, uncertain, and waiting with the next try', () => {
    const html = render({
      ...idle,
      lastSummary: { ran: true, synced: 12, needsAttention: 1, uncertain: 2, waitingToRetry: 3, nextRetryAt: 42, finishedAt: 0 }
    })
    expect(html).toContain('12 requests sent to payroll')
    expect(html).toContain('1 request needs your attention')
    expect(html).toContain('2 requests may or may not have reached payroll')
    expect(html).toContain('3 requests waiting to be sent, next try at T+42')
    expect(html).toMatch(/<button[^>]*>Sync now<\/button>/)
    expect(html).not.toMatch(/disabled/)
  })

  it('never says everything was sent while requests wait: the queue as it is now wins over the last run', () => {
    // The last run found nothing to send; since then the clerk queued six requests offline.
    const html = render({
      ...idle,
      waiting: 6,
      paused: { reason: 'offline', message: 'Payroll can’t be reached' },
      lastSummary: { ran: true, synced: 0, needsAttention: 0, uncertain: 0, waitingToRetry: 0, finishedAt: 0 }
    })
    expect(html).not.toContain('Everything queued has been sent.')
    expect(html).toContain('Payroll can’t be reached')
    expect(html).toContain('6 requests waiting to be sent')
    expect(html).not.toContain('next try')

    const sent = render({ ...idle, waiting: 0, lastSummary: { ran: true, synced: 0, needsAttention: 0, uncertain: 0, waitingToRetry: 0, finishedAt: 0 } })
    expect(sent).toContain('Everything queued has been sent.')
  })

  it('keeps the next try only while the queue is the one the last run planned for', () => {
    const summary = { ran: true, synced: 2, needsAttention: 0, uncertain: 0, waitingToRetry: 1, nextRetryAt: 42, finishedAt: 0 }
    expect(render({ ...idle, waiting: 1, lastSummary: summary })).toContain('1 request waiting to be sent, next try at T+42')
    const grown = render({ ...idle, waiting: 4, lastSummary: summary })
    expect(grown).toContain('2 requests sent to payroll')
    expect(grown).toContain('4 requests waiting to be sent')
    expect(grown).not.toContain('next try')
  })

  it('says when another window is sending instead', () => {
    const html = render({
      ...idle,
      lastSummary: { ran: false, synced: 0, needsAttention: 0, uncertain: 0, waitingToRetry: 0, skipped: 'Another Leave Desk window is sending these requests.', finishedAt: 0 }
    })
    expect(html).toContain('Another Leave Desk window is sending these requests.')
  })
  it('counts the requests held behind an earlier one for the same employee apart from those waiting to be sent', () => {
    const summary = { ran: true, synced: 1, needsAttention: 1, uncertain: 0, waitingToRetry: 5, nextRetryAt: 42, finishedAt: 0 }
    const html = render({ ...idle, waiting: 5, held: 2, lastSummary: summary })
    expect(html).toContain('1 request needs your attention')
    expect(html).toContain('3 requests waiting to be sent, next try at T+42')
    expect(html).toContain('2 waiting until an earlier request for the same employee is settled')

    // Everything that waits is held: no "waiting to be sent" line at all.
    const allHeld = render({ ...idle, waiting: 2, held: 2, lastSummary: { ...summary, waitingToRetry: 2, nextRetryAt: undefined } })
    expect(allHeld).not.toContain('waiting to be sent')
    expect(allHeld).toContain('2 waiting until an earlier request for the same employee is settled')

    // Before any run has ended (offline at start-up), the same split.
    const beforeRun = render({ ...idle, waiting: 4, held: 1, paused: { reason: 'offline', message: 'Payroll can’t be reached' } })
    expect(beforeRun).toContain('3 requests waiting to be sent')
    expect(beforeRun).toContain('1 waiting until an earlier request for the same employee is settled')
  })

  it('puts a refusal of access first, where the header cannot cut it off', () => {
    const message = 'Payroll refused access to file 1001: Forbidden. Check your access, then press Sync now.'
    const html = render({
      ...idle,
      waiting: 8,
      paused: { reason: 'refused', message },
      lastSummary: { ran: true, synced: 0, needsAttention: 4, uncertain: 0, waitingToRetry: 8, finishedAt: 0, paused: { reason: 'refused', message } }
    })
    expect(html.indexOf(message)).toBeGreaterThan(-1)
    expect(html.indexOf(message)).toBeLessThan(html.indexOf('4 requests need your attention'))
    expect(html).toContain('8 requests waiting to be sent')
    expect(html).toMatch(/<button[^>]*>Sync now<\/button>/)
  })
})
