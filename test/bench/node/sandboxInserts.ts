import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { startSandbox } from '../../../main/sandbox'
import { REPO_ROOT } from '../../e2e/harness/paths'
import type { Section } from './benchReport'
import type { RawRun } from './rawPosting'

/**
 * The sandbox's own insert throughput with its data file on, as the embedded default runs it: every
 * insert is fsync'd before it is acknowledged, and concurrent inserts share one write. The records are
 * counted afterwards so that a fast figure can never come from lost inserts. The same run without a data
 * file says how much of the figure is persistence and how much is the machine. The client posts from a
 * process of its own (postRawProcess.ts): sharing the sandbox's event loop, it was half of the figure.
 */
const INSERTS = 2_000
const CONCURRENCY = 64
const TARGET_PER_SECOND = 1_000

export async function measureSandboxInserts(): Promise<Section> {
  const withoutFile = await insertsPerSecond(false)
  const withFile = await insertsPerSecond(true)
  return {
    name: 'sandbox',
    rows: [
      {
        figure: `sandbox inserts/s, data file on (fsync before answer), ${CONCURRENCY} in flight`,
        value: `${withFile.perSecond} (${INSERTS} in ${(withFile.ms / 1000).toFixed(2)} s; ${withoutFile.perSecond}/s with no data file)`,
        target: `≥ ${TARGET_PER_SECOND}`,
        met: withFile.perSecond >= TARGET_PER_SECOND
      }
    ],
    figures: { sandboxInsertsPerSecond: withFile.perSecond, sandboxInsertsPerSecondWithoutDataFile: withoutFile.perSecond },
    details: {
      sandboxInsertsPerSecond: withFile.perSecond,
      sandboxInsertsPerSecondWithoutDataFile: withoutFile.perSecond,
      inserts: INSERTS,
      concurrency: CONCURRENCY,
      ms: Math.round(withFile.ms)
    }
  }
}

async function insertsPerSecond(withDataFile: boolean): Promise<{ perSecond: number; ms: number }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'leave-desk-bench-sandbox-'))
  const sandbox = await startSandbox({ port: 0, ...(withDataFile ? { dataFile: path.join(dir, 'sandbox.json') } : {}), warn: () => {} })
  try {
    const run = await postFromAnotherProcess(sandbox.baseUrl)
    const stored = sandbox.store.leaveRequests(1001).length
    if (stored !== INSERTS || run.statuses[200] !== INSERTS) {
      throw new Error(`Expected ${INSERTS} stored inserts, found ${stored} (statuses ${JSON.stringify(run.statuses)}).`)
    }
    return { perSecond: Math.round(INSERTS / (run.ms / 1000)), ms: run.ms }
  } finally {
    await sandbox.close()
    await rm(dir, { recursive: true, force: true })
  }
}

async function postFromAnotherProcess(baseUrl: string): Promise<RawRun> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'test/bench/node/postRawProcess.ts', baseUrl, 'sandbox-inserts', String(INSERTS), String(CONCURRENCY)],
    { cwd: REPO_ROOT, timeout: 120_000 }
  )
  const lastLine = stdout.trim().split('\n').pop() ?? ''
  return JSON.parse(lastLine) as RawRun
}
