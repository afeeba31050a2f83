interface PrioritizedScheduler {
  postTask(callback: () => void, options: { priority: 'background' }): Promise<void>
}

/**
 * Resolves in a task of the lowest priority (the Prioritized Task Scheduling API): once the page has
 * nothing more urgent to do, such as the answers a keystroke's save waits for. Work that can wait a few
 * milliseconds awaits it first, so it never runs ahead of the clerk. The app's window is never throttled
 * in the background (`backgroundThrottling: false`), so such work still runs while the window is hidden.
 * Where the API does not exist (Node, tests), it resolves at once.
 */
export function backgroundTurn(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: PrioritizedScheduler }).scheduler
  return scheduler ? scheduler.postTask(() => undefined, { priority: 'background' }) : Promise.resolve()
}
