/**
 * When the clerk last changed a draft (an autosave began), for work that gives way while they type: the
 * sync batch's group writer opens its transactions just behind a keystroke's save, so the next keystroke
 * finds `drafts` free (sync/batchWriter.ts). One page, one clerk: a module's state.
 */
let lastEditAt = Number.NEGATIVE_INFINITY
let waiting: (() => void)[] = []

/** An autosave is about to open its transaction. */
export function noteEdit(at: number = performance.now()): void {
  lastEditAt = at
  const wake = waiting
  waiting = []
  for (const resume of wake) resume()
}

/** True when a change was saved less than `ms` ago. */
export function editedWithin(ms: number, now: number = performance.now()): boolean {
  return now - lastEditAt < ms
}

/**
 * Resolves once the next edit has begun (a task later, so its save has opened its transaction by then),
 * or after `ms` without one.
 */
export function nextEditOr(ms: number): Promise<void> {
  return new Promise((resolve) => {
    let settled = false
    const finish = () => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      setTimeout(resolve, 0)
    }
    const timer = setTimeout(finish, ms)
    waiting.push(finish)
  })
}
