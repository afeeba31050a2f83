import { createRoot } from 'react-dom/client'
import type { ListRender } from './benchApi'
import { benchWorkspace, rowsShown, screenServices } from './benchWorkspace'
import { afterNextPaint, benchRoot, whenDom } from './pageDom'

/** Long enough for the previous mount's live queries and timers to wind down before the next one. */
const PAUSE_BETWEEN_RUNS_MS = 250

/**
 * Mounts the drafts list from scratch `runs` times and times each one from the render call to the first
 * screenful of rows painted with their drafts (the rows read their drafts themselves, after the ids).
 */
export async function listFirstRenders(runs: number): Promise<ListRender[]> {
  const services = screenServices()
  const container = benchRoot()
  const renders: ListRender[] = []
  for (let run = 0; run < runs; run += 1) {
    let firstRowsMs: number | undefined
    const started = performance.now()
    const root = createRoot(container as unknown as Element)
    root.render(benchWorkspace(services))
    await whenDom(container, () => {
      if (firstRowsMs === undefined && container.querySelectorAll('.draft-row').length > 0) firstRowsMs = performance.now() - started
      return rowsShown(container)
    })
    await afterNextPaint()
    const ms = performance.now() - started
    renders.push({ ms, firstRowsMs: firstRowsMs ?? ms, rows: container.querySelectorAll('.draft-row').length })
    root.unmount()
    await new Promise((resolve) => setTimeout(resolve, PAUSE_BETWEEN_RUNS_MS))
  }
  return renders
}
