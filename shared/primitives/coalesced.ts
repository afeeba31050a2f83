/**
 * Turns "please run" requests into runs that never overlap. A request made while a run is going on is
 * served by one follow-up run that starts after the current one (so it sees the newest drafts); any
 * number of requests during one run share that single follow-up.
 */
export function coalesced<T>(run: () => Promise<T>): () => Promise<T> {
  type Waiter = { resolve: (value: T) => void; reject: (reason: unknown) => void }
  let waiting: Waiter[] = []
  let draining = false

  const drain = async () => {
    try {
      while (waiting.length > 0) {
        const served = waiting
        waiting = []
        try {
          const value = await run()
          served.forEach((waiter) => waiter.resolve(value))
        } catch (error) {
          served.forEach((waiter) => waiter.reject(error))
        }
      }
    } finally {
      // Set in the same turn the loop sees an empty list, so no request can slip in unserved.
      draining = false
    }
  }

  return () =>
    new Promise<T>((resolve, reject) => {
      waiting.push({ resolve, reject })
      if (!draining) {
        draining = true
        void drain()
      }
    })
}
