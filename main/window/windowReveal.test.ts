import { afterEach, describe, expect, it, vi } from 'vitest'
import { createWindowReveal, START_UP_LIMIT_MS } from './windowReveal'

afterEach(() => vi.useRealTimers())

function reveal() {
  const shown: number[] = []
  const logged: string[] = []
  const r = createWindowReveal({ show: () => shown.push(Date.now()), log: (m) => logged.push(m) })
  return { r, shown, logged }
}

describe('a window that never paints is never left invisible', () => {
  it('shows at the first paint, once', () => {
    vi.useFakeTimers()
    const { r, shown, logged } = reveal()
    r.firstPaint()
    r.pageFailed('crashed')
    vi.advanceTimersByTime(START_UP_LIMIT_MS * 2)
    expect(shown).toHaveLength(1)
    expect(logged).toEqual([])
  })

  it('shows at once when the page dies before painting, and says why in the log', () => {
    vi.useFakeTimers()
    const { r, shown, logged } = reveal()
    r.pageFailed('its process ended: crashed')
    expect(shown).toHaveLength(1)
    expect(logged[0]).toMatch(/before its first paint: the page failed \(its process ended: crashed\)/)
  })

  it('shows within the start-up limit when nothing happens at all', () => {
    vi.useFakeTimers()
    const { shown, logged } = reveal()
    vi.advanceTimersByTime(START_UP_LIMIT_MS - 1)
    expect(shown).toHaveLength(0)
    vi.advanceTimersByTime(1)
    expect(shown).toHaveLength(1)
    expect(logged[0]).toMatch(/nothing was painted within 15 s/)
  })
})
