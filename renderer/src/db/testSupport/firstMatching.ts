import type { liveQuery } from 'dexie'

/** Resolves with the first value a live query emits that passes `accept`, then stops listening. */
export function firstMatching<T>(observable: ReturnType<typeof liveQuery<T>>, accept: (value: T) => boolean): Promise<T> {
  return new Promise((resolve, reject) => {
    const subscription = observable.subscribe({
      next: (value) => {
        if (!accept(value)) return
        subscription.unsubscribe()
        resolve(value)
      },
      error: reject
    })
  })
}
