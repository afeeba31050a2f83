/**
 * When the clerk last changed a draft and whether its save is still running, for work that gives way
 * while they type: the sync batch's group writer opens its transactions once a keystroke's save has
 * committed, so neither that save nor the next keystroke's finds `drafts` held, nor the main thread busy
 * with the group (sync/batchWriter.ts). One page, one clerk: a module's state.
 */
let lastEditAt = Number.NEGATIVE_INFINITY
let savesRunning = 0
let waiting: (() => void)[] = []

/** The clerk changed a draft (its save begins now, or began `at`). */
export function noteEdit(at: number = performance.now()): void {
  lastEditAt = at
}

/**
 * An autosave is about to open its transaction; call the answer once it has committed or failed (once:
 * later calls do nothing). Work waiting in `nextSaveOr` goes when no save is left running.
 */
export function beginSave(): () => void {
  noteEdit()
  savesRunning += 1
  let ended = false
  return () => {
    if (ended) return
    ended = true
    savesRunning -= 1
    if (savesRunning > 0) return
    const wake = waiting
    waiting = []
    for (const resume of wake) resume()
  }
}

/** True when a change was saved less than `ms` ago. */
export function editedWithin(ms: number, now: number = performance.now()): boolean {
  return now - lastEditAt < ms
}

/**
 * Resolves once a save has ended with none left running (the one running now, or else the next
 * keystroke's), a task later so the save's caller hears first; or after `ms` without a keystroke, but
 * not while a save runs unless it has run past `longestMs` (a save stuck behind something else must not
 * stop the work waiting here).
 */
export function nextSaveOr(ms: number, longestMs: number = ms * 5): Promise<void> {
  return new Promise((resolve) => {
    let settled = false
    const finish = () => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      clearTimeout(cap)
      setTimeout(resolve, 0)
    }
    const timer = setTimeout(() => {
      if (savesRunning === 0) finish()
    }, ms)
    const cap = setTimeout(finish, Math.max(ms, longestMs))
    waiting.push(finish)
  })
}
