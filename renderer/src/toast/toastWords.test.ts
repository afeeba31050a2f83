import { describe, expect, it } from 'vitest'
import type { Toast } from '../state/uiStore'
import { toastWords } from './ToastRegion'

const queued: Toast = {
  key: 1,
  tone: 'info',
  message: 'Queued. It is being sent to payroll.',
  forDraftId: 'a',
  byConnectivity: { reachable: 'Queued. It is being sent to payroll.', unreachable: 'Queued. It will be sent when payroll can be reached.' }
}

describe('toastWords', () => {
  it('follows the connection while the request waits', () => {
    expect(toastWords(queued, true, 'queued')).toBe('Queued. It is being sent to payroll.')
    expect(toastWords(queued, false, 'queued')).toBe('Queued. It will be sent when payroll can be reached.')
  })
  it('follows the request once it is settled, never "being sent" about one in payroll', () => {
    expect(toastWords(queued, true, 'synced')).toBe('Sent: it is in payroll now.')
    expect(toastWords(queued, true, 'needs-attention')).toMatch(/did not accept/)
  })
  it('leaves other messages as they are', () => {
    expect(toastWords({ key: 2, tone: 'info', message: 'Draft deleted.' }, false)).toBe('Draft deleted.')
  })
})
