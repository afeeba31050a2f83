import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { REPO_ROOT } from '../../e2e/harness/paths'
import type { Section } from './benchReport'
import { round } from './statistics'

/**
 * Figure 6: the existing chaos soak (test/integration/syncSoak.test.ts) at 2,000 drafts. It is a vitest
 * test (its checks are vitest's expect), so it runs in its own vitest process with
 * LEAVE_DESK_SOAK_DRAFTS set; the counts are the line the test itself prints.
 */
const SOAK_TEST = 'test/integration/syncSoak.test.ts'
const SOAK_DRAFTS = 2_000
/** The test has its own time limit; this one only guards the bench against a process that hangs. */
const OWN_LIMIT_MS = 240_000
const VITEST_CLI = path.join(REPO_ROOT, 'node_modules', 'vitest', 'vitest.mjs')

interface SoakCounts {
  drafts: number
  posts: number
  synced: number
  uncertain: number
  needsAttention: number
  queued: number
  sandboxRecords: number
  duplicates: number
  [other: string]: unknown
}

export async function runChaosSoak(): Promise<Section> {
  if (!existsSync(VITEST_CLI)) return skipped(`vitest is not installed where expected (${path.relative(REPO_ROOT, VITEST_CLI)})`)
  const started = performance.now()
  const run = await runVitest()
  const ms = performance.now() - started
  const counts = parseCounts(run.output)
  const passed = run.exitCode === 0
  const failure = passed ? undefined : firstFailure(run.output)
  const value = counts
    ? `${passed ? 'passed' : 'FAILED'} in ${round(ms / 1000, 0)} s: synced ${counts.synced}, uncertain ${counts.uncertain}, needs attention ${counts.needsAttention}, queued ${counts.queued}; ${counts.posts} posts, ${counts.sandboxRecords} records, ${counts.duplicates} duplicates`
    : `FAILED in ${round(ms / 1000, 0)} s before printing its counts: ${failure ?? `exit ${run.exitCode}`}`
  return {
    name: 'soak',
    rows: [
      {
        figure: `Chaos soak, ${SOAK_DRAFTS.toLocaleString('en')} drafts (syncSoak, ~20 % faults)`,
        value,
        target: 'passes, 0 duplicates',
        met: passed && counts?.duplicates === 0
      }
    ],
    details: {
      test: SOAK_TEST,
      drafts: SOAK_DRAFTS,
      ms: round(ms),
      exitCode: run.exitCode,
      counts: counts ?? null,
      failure: failure ?? null,
      outputTail: passed ? undefined : run.output.split('\n').slice(-40).join('\n')
    }
  }
}

function runVitest(): Promise<{ exitCode: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [VITEST_CLI, 'run', SOAK_TEST], {
      cwd: REPO_ROOT,
      env: { ...process.env, LEAVE_DESK_SOAK_DRAFTS: String(SOAK_DRAFTS), NO_COLOR: '1', FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe']
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const guard = setTimeout(() => {
      output += `\n[bench] the soak ran past ${OWN_LIMIT_MS / 1000} s and was stopped.\n`
      child.kill('SIGTERM')
    }, OWN_LIMIT_MS)
    child.on('error', (error) => {
      clearTimeout(guard)
      reject(error)
    })
    child.on('close', (exitCode) => {
      clearTimeout(guard)
      resolve({ exitCode, output })
    })
  })
}

function parseCounts(output: string): SoakCounts | undefined {
  const line = /sync soak: (\{.*\})/.exec(output)?.[1]
  if (!line) return undefined
  try {
    return JSON.parse(line) as SoakCounts
  } catch {
    return undefined
  }
}

function firstFailure(output: string): string | undefined {
  return output
    .split('\n')
    .map((line) => line.trim())
    .find((line) => /^(Error|AssertionError|FAIL)\b|timed out/i.test(line))
}

function skipped(reason: string): Section {
  console.log(`[bench] chaos soak skipped: ${reason}`)
  return {
    name: 'soak',
    rows: [{ figure: `Chaos soak, ${SOAK_DRAFTS.toLocaleString('en')} drafts`, value: `skipped: ${reason}`, target: '', met: null }],
    details: { skipped: reason }
  }
}
