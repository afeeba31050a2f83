import { createRoot } from 'react-dom/client'
import type { AutosaveRun } from './benchApi'
import type { Autosaver } from '../../../renderer/src/autosave/createAutosaver'
import { startingWith } from '../../../renderer/src/db/keyRanges'
import { emptyDraftContent, pickDraftContent, type DraftContent } from '../../../renderer/src/drafts/draftContent'
import { BENCH_FILE_ID } from '../shared/benchDrafts'
import { session } from './benchSession'
import { benchWorkspace, rowsShown, screenServices } from './benchWorkspace'
import { benchRoot, whenDom } from './pageDom'

/** When a counted keystroke was handed to the autosaver and when its save had committed (performance.now()). */
export interface KeystrokeTimes {
  startedAt: number
  savedAt: number
}

const TYPED = 'Back on Monday, handover notes with the team lead. '

/**
 * The clerk typing into the newest draft's notes, with the drafts list on screen as in the workspace
 * (or, to tell the two costs apart, without it): each keystroke is handed to the workspace's autosaver exactly as the editor hands it over
 * (the whole content), and timed until the autosaver's write (the Dexie transaction) has committed.
 * Keystrokes come at a steady pace; one that would fall while the previous save is still running waits
 * for it, so every sample is one save.
 */
export async function autosaveLatencies(options: AutosaveRun, keystrokes?: KeystrokeTimes[]): Promise<number[]> {
  const { db } = session()
  const newest = await db.drafts.where('[fileId+seq]').between(...startingWith(BENCH_FILE_ID), true, true).last()
  if (!newest) throw new Error('No draft to type into: seed the drafts first.')

  const container = benchRoot()
  const root = createRoot(container as unknown as Element)
  try {
    const autosaver = await new Promise<Autosaver<DraftContent>>((resolve) =>
      root.render(benchWorkspace(screenServices(), { onAutosaver: resolve, withList: options.withList }))
    )
    if (options.withList) await whenDom(container, () => rowsShown(container))

    let content: DraftContent = { ...emptyDraftContent(), ...pickDraftContent(newest) }
    const latencies: number[] = []
    const begin = performance.now()
    for (let i = 0; i < options.warmup + options.samples; i += 1) {
      const wait = begin + i * options.intervalMs - performance.now()
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
      content = { ...content, notes: content.notes + TYPED.charAt(i % TYPED.length) }
      const started = performance.now()
      autosaver.save(newest.id, content)
      await autosaver.whenIdle()
      const savedAt = performance.now()
      // A span in a Chrome trace (BENCH_TRACE), to find what the page did while a slow save waited.
      performance.measure(`autosave-${i}`, { start: started, end: savedAt })
      if (i >= options.warmup) {
        latencies.push(savedAt - started)
        keystrokes?.push({ startedAt: started, savedAt })
      }
    }

    const stored = await db.drafts.get(newest.id)
    if (stored?.notes !== content.notes) throw new Error('The autosaver did not store the last change: the figures would be of nothing.')
    return latencies
  } finally {
    root.unmount()
  }
}
