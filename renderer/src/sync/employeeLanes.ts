import { laneKeyOf, type DraftRecord } from '../db'

/**
 * The queue sends different employees' requests side by side and one employee's strictly in creation
 * order: each employee is a lane, worked through front to back by one worker at a time.
 */

/** `drafts` (any order) grouped into lanes, each in creation order; lanes ordered by their first request. */
export function planLanes(drafts: readonly DraftRecord[]): DraftRecord[][] {
  const lanes = new Map<string, DraftRecord[]>()
  for (const draft of [...drafts].sort((a, b) => a.seq - b.seq)) {
    const key = laneKeyOf(draft)
    const lane = lanes.get(key)
    if (lane) lane.push(draft)
    else lanes.set(key, [draft])
  }
  return [...lanes.values()]
}

/**
 * Works through `lanes` with at most `concurrency` lanes at once. A worker that finishes a lane takes
 * the next one straight away, so requests waiting in main's rate limiter keep it busy without gaps.
 * `shouldStop` is asked before each new lane; a lane asks it itself between its requests.
 */
export async function workLanes<T>(
  lanes: readonly T[],
  concurrency: number,
  workLane: (lane: T) => Promise<void>,
  shouldStop: () => boolean
): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < lanes.length && !shouldStop()) {
      const lane = lanes[next] as T
      next += 1
      await workLane(lane)
    }
  }
  const workers = Math.max(1, Math.min(Math.floor(concurrency) || 1, lanes.length))
  await Promise.all(Array.from({ length: workers }, worker))
}
