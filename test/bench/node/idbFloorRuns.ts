import { FLOOR_SHAPES, type FloorShape } from '../shared/floorShapes'
import type { BenchPage } from './benchBrowser'
import { chromiumCpuDuring } from './browserCpu'
import { round } from './statistics'

/** Group sizes tried: the queue's groups hold about 4 drafts at 0 ms latency; larger ones amortise more. */
const GROUP_SIZES = [4, 8, 16] as const
/** Each cell is tried this many times (the floor: the least of them). */
const ROUNDS = 2

export interface FloorCell {
  /** Wall ms per draft. */
  ms: number
  /** Chromium's CPU ms per draft (the page's side of IndexedDB and its backend). */
  cpuMs: number | undefined
}

export interface IdbFloorRuns {
  drafts: number
  /** By group size, then shape: the least of the rounds. */
  cells: Record<string, Record<FloorShape, FloorCell>>
  /** By shape, the least wall and the least CPU per draft over the group sizes (each a floor of its own). */
  least: Record<FloorShape, FloorCell>
}

/**
 * IndexedDB alone, in the bench's Chromium, doing only the writes the queue's guarantees need
 * (browser/idbFloor.ts), timed and with Chromium's CPU per shape and group size: what any queue on
 * today's schema pays per draft before its own JavaScript.
 */
export async function measureIdbFloor(bench: BenchPage, runId: string, drafts: number): Promise<IdbFloorRuns> {
  const prepared = await bench.call('prepareIdbFloor', `${runId}-floor`, drafts)
  const tried = new Map<string, FloorCell[]>()
  const cellsInOrder = GROUP_SIZES.flatMap((size) => FLOOR_SHAPES.map((shape) => ({ size, shape })))
  for (let round = 0; round < ROUNDS; round += 1) {
    // Each round in the other order, so no shape always runs on a warmer (or more tired) database.
    for (const { size, shape } of round % 2 === 0 ? cellsInOrder : [...cellsInOrder].reverse()) {
      await bench.call('resetIdbFloor')
      const { result: ms, totalMs } = await chromiumCpuDuring(() => bench.call('runIdbFloor', shape, size))
      const key = `${size}|${shape}`
      tried.set(key, [...(tried.get(key) ?? []), { ms, cpuMs: totalMs === undefined ? undefined : totalMs / prepared }])
    }
  }
  const cells: IdbFloorRuns['cells'] = {}
  for (const size of GROUP_SIZES) {
    cells[String(size)] = Object.fromEntries(FLOOR_SHAPES.map((shape) => [shape, least(tried.get(`${size}|${shape}`) ?? [])])) as Record<FloorShape, FloorCell>
  }
  const leastByShape = Object.fromEntries(
    FLOOR_SHAPES.map((shape) => [shape, least(GROUP_SIZES.map((size) => cells[String(size)]![shape]))])
  ) as Record<FloorShape, FloorCell>
  return { drafts: prepared, cells, least: leastByShape }
}

/** The least wall and the least CPU of several tries (each a floor: noise only adds). */
function least(cells: readonly FloorCell[]): FloorCell {
  const cpu = cells.map((cell) => cell.cpuMs)
  return {
    ms: round(Math.min(...cells.map((cell) => cell.ms)), 3),
    cpuMs: cpu.length > 0 && cpu.every((ms) => ms !== undefined) ? round(Math.min(...(cpu as number[])), 3) : undefined
  }
}

/** One line for the bench's table. */
export function floorLine(floor: IdbFloorRuns): string {
  const cell = (c: FloorCell) => `${c.ms} ms${c.cpuMs === undefined ? '' : ` (CPU ${c.cpuMs})`}`
  return Object.entries(floor.cells)
    .map(([size, shapes]) => `groups of ${size}: ${cell(shapes.claimAndOutcome)}, +attempt/history lines ${cell(shapes.appWrites)}, claim in a small store ${cell(shapes.smallClaim)}`)
    .join('; ')
}
