/**
 * Bounds for "every compound key that starts with `prefix`", for `between(lower, upper, true, true)`.
 * A shorter array sorts before any longer one with the same start, and an array component sorts after
 * numbers, dates and strings, so `[...prefix, []]` is above every key we store. Unlike Dexie.maxKey, this
 * does not depend on which IndexedDB the process happens to have.
 */
export function startingWith(...prefix: (string | number)[]): [unknown[], unknown[]] {
  return [prefix, [...prefix, []]]
}
