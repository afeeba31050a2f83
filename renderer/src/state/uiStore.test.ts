import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { MESSAGE_SHOWN_MS, useUiStore } from './uiStore'

/** Messages in the bar: a plain one closes by itself; a problem, an Undo and "queued" news stay. */

beforeEach(() => {
  vi.useFakeTimers()
  useUiStore.getState().dismissToast()
})
afterEach(() => vi.useRealTimers())

const shown = () => useUiStore.getState().toast?.message

describe('messages that close by themselves', () => {
  it('a plain message closes after a while; a newer one is not closed by the older one’s timer', () => {
    useUiStore.getState().showToast({ tone: 'info', message: 'Exported 3 requests to CSV.' })
    vi.advanceTimersByTime(MESSAGE_SHOWN_MS - 1000)
    useUiStore.getState().showToast({ tone: 'info', message: 'Draft restored.' })
    vi.advanceTimersByTime(1000)
    expect(shown()).toBe('Draft restored.')
    vi.advanceTimersByTime(MESSAGE_SHOWN_MS)
    expect(shown()).toBeUndefined()
  })

  it('a problem, a delete’s Undo and queued news stay until dismissed or replaced', () => {
    useUiStore.getState().showToast({ tone: 'error', message: 'Payroll refused it.' })
    vi.advanceTimersByTime(10 * MESSAGE_SHOWN_MS)
    expect(shown()).toBe('Payroll refused it.')
    useUiStore.getState().showToast({ tone: 'info', message: 'Draft deleted.', undoDraftId: 'd1' })
    vi.advanceTimersByTime(10 * MESSAGE_SHOWN_MS)
    expect(shown()).toBe('Draft deleted.')
    useUiStore.getState().showToast({ tone: 'info', message: 'Queued.', byConnectivity: { reachable: 'Queued.', unreachable: 'Queued.' }, forDraftId: 'd1' })
    vi.advanceTimersByTime(10 * MESSAGE_SHOWN_MS)
    expect(shown()).toBe('Queued.')
  })

  it('a decision’s message stays through its Undo grace, then closes', () => {
    useUiStore.getState().showToast({ tone: 'info', message: 'Rejected.', undo: async () => undefined, undoUntil: Date.now() + 6000 })
    vi.advanceTimersByTime(6000 + MESSAGE_SHOWN_MS - 1)
    expect(shown()).toBe('Rejected.')
    vi.advanceTimersByTime(1)
    expect(shown()).toBeUndefined()
  })
})
