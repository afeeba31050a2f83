/**
 * At most `size` requests out at once, whatever number of lanes are working: a lane takes a slot just
 * before its request leaves and gives it back the moment the answer is in (before recording it), so
 * another lane's request goes meanwhile. Waiters are served in the order they asked.
 */
export interface RequestSlots {
  /** Resolves with a slot; `release` is safe to call more than once. */
  take(): Promise<{ release: () => void }>
}

export function createRequestSlots(size: number): RequestSlots {
  let free = Math.max(1, Math.floor(size) || 1)
  const waiting: (() => void)[] = []
  const slot = () => {
    let held = true
    return {
      release() {
        if (!held) return
        held = false
        const next = waiting.shift()
        if (next) next()
        else free += 1
      }
    }
  }
  return {
    take() {
      if (free > 0) {
        free -= 1
        return Promise.resolve(slot())
      }
      return new Promise((resolve) => waiting.push(() => resolve(slot())))
    }
  }
}
