/** Order statistics for the figures: nearest-rank percentiles, so every figure is a value that was measured. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)))
  return sorted[rank - 1] as number
}

export function median(values: readonly number[]): number {
  return percentile(values, 50)
}

/** Rounded for printing and JSON: a benchmark on a shared machine has no meaningful third decimal. */
export function round(value: number, decimals = 2): number {
  const factor = 10 ** decimals
  return Math.round(value * factor) / factor
}
