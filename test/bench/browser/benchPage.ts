import '../../../renderer/src/styles/base.css'
import '../../../renderer/src/styles/layout.css'
import '../../../renderer/src/styles/controls.css'
import '../../../renderer/src/styles/drafts.css'
import '../../../renderer/src/styles/status.css'
import { importPreviews } from './importPreview'
import { autosaveLatencies } from './autosaveLatency'
import type { BenchApi } from './benchApi'
import { freshSession, reopenSession, session } from './benchSession'
import { cacheReferenceData, queueDrafts, seedDrafts } from './draftSeeding'
import { listFirstRenders } from './listFirstRender'
import { autosaveDuringSync } from './duringSync'
import { safeguardTimes } from './safeguardFigures'
import { jsHeapUsedMB, searchTimes, seedHistory, sinceNavigationStart } from './scaleFigures'
import { bindingRoundTrips, nudgeRunner, startRunner, timedSync } from './queueRuns'
import { BENCH_FILE_ID } from '../shared/benchDrafts'
import { hookTransactions } from './transactionTimeline'
import { teamInitialSync, teamReopen } from './teamInitialSync'

hookTransactions()

/**
 * The bench page: the renderer's real modules (database, repository, sync runner, autosaver, drafts
 * list) with the app's styles, driven from Node through `window.bench`. `window.leaveDesk` is bound by
 * the e2e harness to main's real services, as the preload binds it in the app.
 */
const bench: BenchApi = {
  resetDatabase: async (name) => void (await freshSession(name)),
  queueDrafts,
  seedDrafts,
  cacheReferenceData,
  timedSync,
  startRunner,
  nudgeRunner,
  statusCounts: () => session().repo.countByStatus(BENCH_FILE_ID),
  bindingRoundTrips,
  autosaveLatencies,
  listFirstRenders,
  seedHistory,
  searchTimes,
  safeguardTimes,
  jsHeapUsedMB,
  sinceNavigationStart,
  reopenDatabase: async (name) => void (await reopenSession(name)),
  autosaveDuringSync,
  importPreviews,
  teamInitialSync,
  teamReopen
}

Object.defineProperty(globalThis, 'bench', { value: bench })
