import type { EpochMs } from '../db'

/**
 * "About 40 s left", from how fast requests have actually been finishing in this run — the rate limiter
 * and payroll's speed decide that, not us. Uses the most recent completions only, so a slow start (or a
 * burst of fast refusals) stops mattering once the run settles into its pace. No estimate until there
 * is something honest to base it on. Pure functions over the progress state, so the estimate is a
 * selector and the state holds only facts.
 */
export const COMPLETIONS_WINDOW = 20
const MIN_COMPLETIONS = 3

export interface RunPace {
  /** When the run started. */
  startedAt: EpochMs
  /** When its most recent requests finished (at most COMPLETIONS_WINDOW), oldest first. */
  completions: readonly EpochMs[]
}

/** The completions after one more, keeping the window. */
export function withCompletion(completions: readonly EpochMs[], at: EpochMs): EpochMs[] {
  return [...completions, at].slice(-COMPLETIONS_WINDOW)
}

/** Seconds until `remaining` more requests finish; undefined when it cannot be estimated yet. */
export function secondsLeft(pace: RunPace, remaining: number, now: EpochMs): number | undefined {
  const { completions } = pace
  if (remaining <= 0) return 0
  if (completions.length < MIN_COMPLETIONS) return undefined
  // While the window is not full yet, measure from the run's start so the first requests count too.
  const windowFull = completions.length >= COMPLETIONS_WINDOW
  const from = windowFull ? (completions[0] as EpochMs) : pace.startedAt
  const finished = windowFull ? completions.length - 1 : completions.length
  const elapsedMs = Math.max(now, completions[completions.length - 1] as EpochMs) - from
  if (elapsedMs <= 0) return undefined
  return Math.ceil((remaining * elapsedMs) / finished / 1000)
}

/** "about 40 s left", "about 3 min left"; rounded so the number does not flicker with every request. */
export function describeTimeLeft(seconds: number | undefined): string {
  if (seconds === undefined) return ''
  if (seconds < 10) return 'a few seconds left'
  if (seconds < 60) return `about ${Math.ceil(seconds / 5) * 5} s left`
  if (seconds < 3600) return `about ${Math.round(seconds / 60)} min left`
  const hours = Math.floor(seconds / 3600)
  const minutes = Math.round((seconds % 3600) / 60)
  return minutes === 0 ? `about ${hours} h left` : `about ${hours} h ${minutes} min left`
}
