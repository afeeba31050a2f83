import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { REPO_ROOT } from '../../e2e/harness/paths'

/** One line of the printed table: a figure next to its target. `met: null` is a figure without a target. */
export interface FigureRow {
  figure: string
  value: string
  target: string
  met: boolean | null
}

/** What one measurement hands back: its lines for the table and its full details for the JSON. */
export interface Section {
  name: string
  rows: FigureRow[]
  /** The headline numbers under stable keys (bench-results/latest.json `figures`), read by tools. */
  figures?: Record<string, number>
  details: Record<string, unknown>
}

export interface BenchReport {
  startedAt: string
  finishedAt: string
  environment: Record<string, unknown>
  notes: string[]
  /** Headline numbers under stable keys: syncRatioNoLatency, syncRatio50ms, liveRateEfficiency, … */
  figures: Record<string, number>
  rows: FigureRow[]
  sections: Record<string, Record<string, unknown>>
}

export const RESULTS_DIR = path.join(REPO_ROOT, 'bench-results')

export function printTable(rows: readonly FigureRow[]): string {
  const cells = rows.map((row) => [row.figure, row.value, row.target, row.met === null ? '' : row.met ? 'yes' : 'NO'])
  const header = ['Figure', 'Value', 'Target', 'Met?']
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((line) => (line[column] ?? '').length)))
  const line = (values: string[]) => values.map((value, column) => value.padEnd(widths[column] ?? 0)).join(' | ')
  return [line(header), widths.map((width) => '-'.repeat(width)).join('-|-'), ...cells.map(line)].join('\n')
}

/** Writes bench-results/latest.json and a timestamped copy beside it; answers both paths. */
export async function writeReport(report: BenchReport): Promise<{ latest: string; copy: string }> {
  await mkdir(RESULTS_DIR, { recursive: true })
  const text = `${JSON.stringify(report, null, 2)}\n`
  const latest = path.join(RESULTS_DIR, 'latest.json')
  const copy = path.join(RESULTS_DIR, `bench-${report.startedAt.replace(/[:.]/g, '-')}.json`)
  await writeFile(latest, text)
  await writeFile(copy, text)
  return { latest, copy }
}
