/**
 * The payroll requests main is sending right now, so closing or quitting can ask first and wait for
 * their answers to be recorded: a request cut off mid-way ends Uncertain and costs the clerk a check in
 * payroll. Only counts; what a request is stays with whoever tracks it.
 *
 * A wait for them may also hold new ones back (`holdNew`): a restart to update waits for the requests
 * out, and a queue that kept starting new ones would keep it waiting until it gave up.
 */
export interface InFlightRequests {
  /** Counts `request` until it settles; hands it back unchanged. */
  track<T>(request: Promise<T>): Promise<T>
  count(): number
  /** Resolves true once nothing is in flight, or false after `timeoutMs` with requests still out. */
  whenSettled(timeoutMs: number): Promise<boolean>
  /** From now on new requests should not start (`why`, in the clerk's words); the function lets them again. */
  holdNew(why: string): () => void
  /** Why new requests are held back now, or undefined when they may start. */
  heldBack(): string | undefined
}

export function createInFlightRequests(): InFlightRequests {
  let inFlight = 0
  const waiters = new Set<() => void>()
  /** Newest last: the latest hold's words are the ones said. */
  const holds: { why: string }[] = []

  const settled = () => {
    inFlight -= 1
    if (inFlight > 0) return
    for (const wake of [...waiters]) wake()
  }

  return {
    track(request) {
      inFlight += 1
      void request.then(settled, settled)
      return request
    },
    count: () => inFlight,
    holdNew(why) {
      const hold = { why }
      holds.push(hold)
      return () => {
        const index = holds.indexOf(hold)
        if (index >= 0) holds.splice(index, 1)
      }
    },
    heldBack: () => holds.at(-1)?.why,
    whenSettled(timeoutMs) {
      if (inFlight === 0) return Promise.resolve(true)
      return new Promise<boolean>((resolve) => {
        const done = (result: boolean) => {
          clearTimeout(timer)
          waiters.delete(wake)
          resolve(result)
        }
        const wake = () => done(true)
        const timer = setTimeout(() => done(false), timeoutMs)
        waiters.add(wake)
      })
    }
  }
}
