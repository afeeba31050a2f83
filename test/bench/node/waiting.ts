/** Polling helpers for the Node side: the sandbox and main live in this process, so a 1 ms poll is cheap and exact enough. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)))
}

/** Resolves with the time (performance.now()) at which `condition` was first seen true. */
export async function waitUntil(condition: () => boolean | Promise<boolean>, what: string, timeoutMs: number, pollMs = 1): Promise<number> {
  const deadline = performance.now() + timeoutMs
  for (;;) {
    if (await condition()) return performance.now()
    if (performance.now() > deadline) throw new Error(`Gave up after ${timeoutMs} ms waiting for ${what}.`)
    await sleep(pollMs)
  }
}
