/**
 * The first call runs `work`; every later call gets that first call's result (or its rejection) without
 * running it again. For one-time set-up that several callers may ask for at once (start-up, recovery).
 */
export function once<T>(work: () => T): () => T {
  let done: { value: T } | undefined
  return () => {
    done ??= { value: work() }
    return done.value
  }
}
