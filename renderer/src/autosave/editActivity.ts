/**
 * When the clerk last changed a draft (an autosave began), for work that should give way while they
 * type: the sync batch's group writer keeps its transactions small then, since each one it holds open
 * makes the next keystroke's save wait (sync/batchWriter.ts). One page, one clerk: a module's state.
 */
let lastEditAt = Number.NEGATIVE_INFINITY

export function noteEdit(at: number = performance.now()): void {
  lastEditAt = at
}

/** True when a change was saved less than `ms` ago. */
export function editedWithin(ms: number, now: number = performance.now()): boolean {
  return now - lastEditAt < ms
}
