/**
 * `api` with every method passed through `around`, as a new plain object. Not a Proxy: the bridge main
 * exposes may be frozen, and a Proxy must then hand out the very same functions (it would throw, and a
 * throw on the way to payroll is read as "the request may have left").
 */
export function aroundMethods<A extends object>(api: A, around: (call: () => unknown, args: unknown[], method: string) => unknown): A {
  const wrapped: Record<string, unknown> = {}
  for (const key in api) {
    const value: unknown = (api as Record<string, unknown>)[key]
    wrapped[key] = typeof value === 'function' ? (...args: unknown[]) => around(() => value.apply(api, args), args, key) : value
  }
  return wrapped as A
}
