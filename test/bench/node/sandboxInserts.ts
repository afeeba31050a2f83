import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startSandbox } from '../../../main/sandbox'
import type { Section } from './benchReport'
import { postRaw, rawBodies } from './rawPosting'

/**
 * The sandbox's own insert throughput with its data file on, as the embedded default runs it: every
 * insert is fsync'd before it is acknowledged, and concurrent inserts share one write. The records are
 * counted afterwards so that a fast figure can never come from lost inserts.
 */
const INSERTS = 2_000
const CONCURRENCY = 64
const TARGET_PER_SECOND = 1_000

export async function measureSandboxInserts(): Promise<Section> {
  const dir = await mkdtemp(path.join(tmpdir(), 'leave-desk-bench-sandbox-'))
  const sandbox = await startSandbox({ port: 0, dataFile: path.join(dir, 'sandbox.json'), warn: () => {} })
  try {
    const run = await postRaw(sandbox.baseUrl, rawBodies('sandbox-inserts', INSERTS), CONCURRENCY)
    const stored = sandbox.store.leaveRequests(1001).length
    if (stored !== INSERTS || run.statuses[200] !== INSERTS) {
      throw new Error(`Expected ${INSERTS} stored inserts, found ${stored} (statuses ${JSON.stringify(run.statuses)}).`)
    }
    const perSecond = Math.round(INSERTS / (run.ms / 1000))
    return {
      name: 'sandbox',
      rows: [
        {
          figure: `sandbox inserts/s, data file on (fsync before answer), ${CONCURRENCY} in flight`,
          value: `${perSecond} (${INSERTS} in ${(run.ms / 1000).toFixed(2)} s)`,
          target: `≥ ${TARGET_PER_SECOND}`,
          met: perSecond >= TARGET_PER_SECOND
        }
      ],
      figures: { sandboxInsertsPerSecond: perSecond },
      details: { sandboxInsertsPerSecond: perSecond, inserts: INSERTS, concurrency: CONCURRENCY, ms: Math.round(run.ms) }
    }
  } finally {
    await sandbox.close()
    await rm(dir, { recursive: true, force: true })
  }
}
