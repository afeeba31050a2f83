/** Runs `run` when the page is next idle (at the latest after `timeoutMs`); returns a cancel. */
export function whenIdle(run: () => void, timeoutMs: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(run, { timeout: timeoutMs })
    return () => cancelIdleCallback(handle)
  }
  const handle = setTimeout(run, 0)
  return () => clearTimeout(handle)
}

/** whenIdle, but not before `delayMs` has passed (at once when it is 0 or less). */
export function whenIdleAfter(run: () => void, delayMs: number, timeoutMs: number): () => void {
  if (delayMs <= 0) return whenIdle(run, timeoutMs)
  let cancel = () => clearTimeout(timer)
  const timer = setTimeout(() => {
    cancel = whenIdle(run, timeoutMs)
  }, delayMs)
  return () => cancel()
}
