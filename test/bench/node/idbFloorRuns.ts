import { FLOOR_SHAPES, type FloorShape } from '../shared/floorShapes'
import type { BenchPage } from './benchBrowser'
import { descendantsCpuMsByType } from './browserCpu'
import { round } from './statistics'

/** Group sizes tried: the queue's groups hold about 4 drafts at 0 ms latency; larger ones amortise more. */
const GROUP_SIZES = [4, 8, 16] as const

export interface FloorCell {
  /** Wall ms per draft. */
  ms: number
  /** Chromium's CPU ms per draft (the page's side of IndexedDB and its backend). */
  cpuMs: number | undefined
}

export interface IdbFloorRuns {
  drafts: number
  /** By group size, then shape. */
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
  const cells: IdbFloorRuns['cells'] = {}
  for (const size of GROUP_SIZES) {
    const bySize = {} as Record<FloorShape, FloorCell>
    for (const shape of FLOOR_SHAPES) {
      const before = descendantsCpuMsByType()
      const ms = await bench.call('runIdbFloor', shape, size)
      const after = descendantsCpuMsByType()
      bySize[shape] = { ms: round(ms, 3), cpuMs: before && after ? round((total(after) - total(before)) / prepared, 3) : undefined }
    }
    cells[String(size)] = bySize
  }
  const least = {} as Record<FloorShape, FloorCell>
  for (const shape of FLOOR_SHAPES) {
    const tried = Object.values(cells).map((bySize) => bySize[shape])
    const cpu = tried.map((cell) => cell.cpuMs)
    least[shape] = {
      ms: Math.min(...tried.map((cell) => cell.ms)),
      cpuMs: cpu.every((ms) => ms !== undefined) ? Math.min(...(cpu as number[])) : undefined
    }
  }
  return { drafts: prepared, cells, least }
}

/** One line for the bench's table. */
export function floorLine(floor: IdbFloorRuns): string {
  const cell = (c: FloorCell) => `${c.ms} ms${c.cpuMs === undefined ? '' : ` (CPU ${c.cpuMs})`}`
  return Object.entries(floor.cells)
    .map(([size, shapes]) => `groups of ${size}: ${cell(shapes.claimAndOutcome)}, +attempt/history lines ${cell(shapes.appWrites)}, claim in a small store ${cell(shapes.smallClaim)}`)
    .join('; ')
}

function total(byType: Record<string, number>): number {
  return Object.values(byType).reduce((sum, ms) => sum + ms, 0)
}
