import os from 'node:os'
import path from 'node:path'
import type { Browser } from '@playwright/test'
import { startRendererServer } from '../e2e/harness/rendererServer'
import { BENCH_IPC, launchChromium, useIpcSockets } from './node/benchBrowser'
import { buildBenchPage } from './node/benchPageBuild'
import { printTable, writeReport, type BenchReport, type Section } from './node/benchReport'
import { runChaosSoak } from './node/chaosSoak'
import { measureClerkDay } from './node/clerkDay'
import { measureDuringSync } from './node/duringSyncFigures'
import { measureFootprint } from './node/footprint'
import { measureImportPreview } from './node/importPreview'
import { measureLivePacing, measureRatePacing } from './node/ratePacing'
import { measureOfficePacing } from './node/officePacing'
import { measureScaleFigures } from './node/scaleFigures'
import { measureRendererBundle } from './node/rendererBundleSize'
import { measureReconnect } from './node/reconnectLatency'
import { measureSandboxInserts } from './node/sandboxInserts'
import { measureScreenFigures } from './node/screenFigures'
import { serveIpcSockets } from './node/socketInvoke'
import { startStolenCpu } from './node/stolenCpu'
import { measureSyncThroughput } from './node/syncThroughput'
import { measureTeamLedger } from './node/teamLedgerFigures'

/**
 * `npm run bench`: every figure measured in one run, printed next to its target and written to
 * bench-results/latest.json (plus a timestamped copy). No figure fails anything; they are for reading.
 * BENCH_ONLY=sync,screens,… runs a subset (names as printed).
 */
type BrowserMeasurement = (browser: Browser, pageUrl: string, runId: string) => Promise<Section>

const BROWSER_MEASUREMENTS: [string, BrowserMeasurement][] = [
  ['sync', measureSyncThroughput],
  ['screens', measureScreenFigures],
  ['reconnect', measureReconnect],
  ['rate', measureRatePacing],
  ['live-rate', measureLivePacing],
  ['during-sync', measureDuringSync],
  ['scale', measureScaleFigures],
  ['import', measureImportPreview],
  ['footprint', measureFootprint],
  ['team', measureTeamLedger]
]

const NOTES = [
  BENCH_IPC === 'socket'
    ? 'The queue ran in Chromium (Debian /usr/bin/chromium via Playwright) with a WebSocket on 127.0.0.1 standing in for Electron IPC (BENCH_IPC=binding: Playwright\'s binding instead): window.leaveDesk calls main\'s own IPC handlers and real services under Node.'
    : 'The queue ran in Chromium (Debian /usr/bin/chromium via Playwright) with Playwright bindings standing in for Electron IPC (BENCH_IPC=binding): window.leaveDesk calls main\'s own IPC handlers and real services under Node.',
  'Sync figures: an unpaced API client of the bench\'s own (the app paces every payroll, Practice included). Reconnect and rate figures: main/services.ts as composed for a remote API (limiter at 50/s and 10/s).'
]

async function main(): Promise<void> {
  const startedAt = new Date()
  const runId = startedAt.getTime().toString(36)
  const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim())
  const selected = (name: string) => !only || only.includes(name)
  const loadBefore = os.loadavg()
  const sections: Section[] = []

  const page = await buildBenchPage()
  const server = await startRendererServer(page.dir)
  const sockets = BENCH_IPC === 'socket' ? serveIpcSockets(server.httpServer) : undefined
  useIpcSockets(sockets)
  const browser = await launchChromium()
  const chromiumVersion = browser.version()
  try {
    for (const [name, measure] of BROWSER_MEASUREMENTS) {
      if (!selected(name)) continue
      sections.push(await timed(name, () => measure(browser, server.baseUrl, runId)))
    }
  } finally {
    await browser.close()
    sockets?.close()
    await server.close()
    await page.remove()
  }
  if (selected('bundle')) sections.push(await timed('bundle', measureRendererBundle))
  if (selected('sandbox')) sections.push(await timed('sandbox', measureSandboxInserts))
  if (selected('clerk-day')) sections.push(await timed('clerk-day', measureClerkDay))
  if (selected('office-rate')) sections.push(await timed('office-rate', measureOfficePacing))
  // Last, with the browser gone: the soak is the heaviest run and would disturb the timed ones.
  if (selected('soak')) sections.push(await timed('soak', runChaosSoak))

  const report: BenchReport = {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    environment: {
      node: process.version,
      chromium: chromiumVersion,
      cpus: os.cpus().length,
      loadAverageBefore: loadBefore.map((load) => Math.round(load * 100) / 100),
      loadAverageAfter: os.loadavg().map((load) => Math.round(load * 100) / 100)
    },
    notes: NOTES,
    figures: Object.assign({}, ...sections.map((section) => section.figures ?? {})) as Record<string, number>,
    rows: sections.flatMap((section) => section.rows),
    sections: Object.fromEntries(sections.map((section) => [section.name, section.details]))
  }
  const written = await writeReport(report)
  console.log(`\n${printTable(report.rows)}\n`)
  for (const note of NOTES) console.log(`Note: ${note}`)
  console.log(`Load average (1/5/15 min) before ${fmtLoad(loadBefore)}, after ${fmtLoad(os.loadavg())} on ${os.cpus().length} CPUs: a shared machine, figures are noisy.`)
  console.log(`Written: ${path.relative(process.cwd(), written.latest)} and ${path.relative(process.cwd(), written.copy)}`)
}

/** A measurement that breaks is reported as such and the others still run: one bad figure must not cost the rest. */
async function timed(name: string, measure: () => Promise<Section>): Promise<Section> {
  const started = Date.now()
  const stolen = startStolenCpu()
  process.stdout.write(`[bench] ${name}…\n`)
  try {
    const section = await measure()
    const stolenPercent = stolen()
    process.stdout.write(`[bench] ${name} done in ${((Date.now() - started) / 1000).toFixed(1)} s${stolenPercent === undefined ? '' : `, ${stolenPercent} % of the CPU stolen by the host`}\n`)
    return stolenPercent === undefined ? section : { ...section, details: { ...section.details, cpuStolenPercent: stolenPercent } }
  } catch (error) {
    process.exitCode = 1
    const message = error instanceof Error ? error.message.split('\n')[0] ?? error.name : String(error)
    process.stderr.write(`[bench] ${name} broke: ${error instanceof Error ? (error.stack ?? message) : message}\n`)
    return { name, rows: [{ figure: name, value: `ERROR: ${message}`, target: '', met: false }], details: { error: message } }
  }
}

function fmtLoad(load: number[]): string {
  return load.map((value) => value.toFixed(2)).join('/')
}

main()
  .catch((error: unknown) => {
    console.error(error)
    process.exitCode = 1
  })
  // The report is written: timers the in-process team server (express-pouchdb) leaves behind must not
  // keep the run from ending.
  .finally(() => process.exit())
