/**
 * One refresh at a time: every caller that asks while a refresh is running gets that refresh's
 * outcome instead of starting another (the live API revokes the previous access token on each refresh,
 * so a second one would invalidate the token the first just delivered).
 */
export interface SingleFlight<T> {
  run(): Promise<T>
  active(): boolean
}

export function refreshSingleFlight<T>(task: () => Promise<T>): SingleFlight<T> {
  let inFlight: Promise<T> | null = null
  return {
    run() {
      if (inFlight === null) {
        inFlight = task().finally(() => {
          inFlight = null
        })
      }
      return inFlight
    },
    active: () => inFlight !== null
  }
}
