import { existsSync } from 'node:fs'
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser, Page } from '@playwright/test'
import { packWithStandInElectron } from '../../packaging/standInElectron'
import { launchChromiumProfile, openBenchPageIn, type BenchPage } from './benchBrowser'
import { startBenchMain } from './benchMain'
import type { Section } from './benchReport'
import { round } from './statistics'

/**
 * Footprint per seat, for IT sizing 200 PCs (docs/deploying.md): what Leave Desk adds to Electron's
 * runtime on disk (electron-builder --dir with the project's own configuration, against the packaging
 * test's stand-in Electron: the runtime itself cannot be downloaded here), the drafts database on disk
 * after 1,000 and 10,000 drafts (a clerk's year; nine in ten synced) written by the app's own database
 * code in Chromium with its profile on disk, as Electron keeps the data folder, and the memory of the
 * page holding a year: its JS heap, and the proportional memory (PSS) of every Chromium process of that
 * profile, measured in a Chromium started anew over that database. Linux only (/proc); no target, the figures are for reading.
 */
const REPO_ROOT = path.resolve(__dirname, '../../..')
const DRAFT_COUNTS = [1_000, 10_000] as const
const A_YEAR = 10_000
const WORKING_EVERY = 10
const DATABASE = 'bench-footprint'
const MB = 1024 * 1024

export async function measureFootprint(_browser: Browser, pageUrl: string, runId: string): Promise<Section> {
  const installed = await installedSize()
  const databases: { drafts: number; indexedDbMB: number; seedMs: number }[] = []
  let page: { jsHeapMB: number; chromiumPssMB: number; processes: number; byKindMB: Record<string, number>; listRows: number } | null = null
  const main = await startBenchMain({ pacing: 'none' })
  /** Chromium with its profile in `profileDir`, the bench page open in it, for `work`; closed after. */
  const inProfile = async <T>(profileDir: string, work: (bench: BenchPage) => Promise<T>): Promise<T> => {
    const bench = await openBenchPageIn(await launchChromiumProfile(profileDir), pageUrl, main.services, main.log)
    try {
      return await work(bench)
    } finally {
      await bench.close()
    }
  }
  try {
    for (const drafts of DRAFT_COUNTS) {
      const profileDir = await mkdtemp(path.join(tmpdir(), 'leave-desk-footprint-'))
      try {
        const seeded = await inProfile(profileDir, async (bench) => {
          await bench.call('resetDatabase', DATABASE)
          await bench.call('cacheReferenceData')
          return bench.call('seedHistory', `${runId}-footprint-${drafts}`, drafts, WORKING_EVERY)
        }) // closing the profile flushes the database to disk
        databases.push({ drafts, indexedDbMB: (await folderBytes(path.join(profileDir, 'Default', 'IndexedDB'))) / MB, seedMs: seeded.ms })
        if (drafts !== A_YEAR) continue
        // As a clerk starts the app the next morning: Chromium started anew over the year's database, the list painted.
        page = await inProfile(profileDir, async (bench) => {
          await bench.call('reopenDatabase', DATABASE)
          const [render] = await bench.call('listFirstRenders', 1)
          const memory = await chromiumMemory(profileDir)
          return { jsHeapMB: await liveJsHeapMB(bench.page), chromiumPssMB: memory.pssMB, processes: memory.processes, byKindMB: memory.byKindMB, listRows: render?.rows ?? 0 }
        })
      } finally {
        await rm(profileDir, { recursive: true, force: true })
      }
    }
  } finally {
    await main.close()
  }

  const year = databases.find((database) => database.drafts === A_YEAR)
  return {
    name: 'footprint',
    rows: [
      { figure: 'Installed: app.asar (the app and its runtime dependencies)', value: `${round(installed.asarMB, 1)} MB`, target: '', met: null },
      { figure: '  resources/ besides Electron’s own (app.asar, app-update.yml, licences)', value: `${round(installed.resourcesMB, 1)} MB`, target: '', met: null },
      ...databases.map((database) => ({
        figure: `Drafts database on disk, ${database.drafts.toLocaleString('en')} drafts (Chromium IndexedDB)`,
        value: `${round(database.indexedDbMB, 1)} MB`,
        target: '',
        met: null
      })),
      ...(page
        ? [
            { figure: `Page with a year (${A_YEAR.toLocaleString('en')} drafts), list painted: JS heap in use after a garbage collection`, value: `${round(page.jsHeapMB, 1)} MB`, target: '', met: null },
            { figure: `  all ${page.processes} Chromium processes of the profile (PSS)`, value: `${round(page.chromiumPssMB, 0)} MB (page ${round(page.byKindMB.renderer ?? 0, 0)} MB)`, target: '', met: null }
          ]
        : [])
    ],
    figures: {
      installedAsarMB: round(installed.asarMB, 1),
      installedResourcesMB: round(installed.resourcesMB, 1),
      ...Object.fromEntries(databases.map((database) => [`draftsDatabase${database.drafts / 1000}kMB`, round(database.indexedDbMB, 1)])),
      ...(page ? { pageJsHeapYearMB: round(page.jsHeapMB, 1), chromiumPssYearMB: round(page.chromiumPssMB, 0), pagePssYearMB: round(page.byKindMB.renderer ?? 0, 0) } : {})
    },
    details: {
      installed: { ...installed, note: 'electron-builder --dir --linux x64 with a stand-in Electron: the Electron runtime is not included' },
      databases: databases.map((database) => ({ ...database, indexedDbMB: round(database.indexedDbMB, 2), seedMs: round(database.seedMs) })),
      perDraftKB: year ? round((year.indexedDbMB * 1024) / A_YEAR, 2) : null,
      page
    }
  }
}

/** The page's JS heap still in use after a full garbage collection (DevTools protocol), so runs compare. */
async function liveJsHeapMB(page: Page): Promise<number> {
  const devtools = await page.context().newCDPSession(page)
  try {
    await devtools.send('HeapProfiler.collectGarbage')
    const { usedSize } = await devtools.send('Runtime.getHeapUsage')
    return usedSize / MB
  } finally {
    await devtools.detach()
  }
}

/** What electron-builder puts in resources/ for Leave Desk, the runtime stood in for. */
async function installedSize(): Promise<{ asarMB: number; resourcesMB: number; files: string[] }> {
  if (!existsSync(path.join(REPO_ROOT, 'out', 'main', 'index.js'))) throw new Error('Build the app first: npx electron-vite build')
  const workDir = await mkdtemp(path.join(tmpdir(), 'leave-desk-installed-'))
  try {
    let appOutDir = ''
    await packWithStandInElectron(REPO_ROOT, workDir, async (context) => void (appOutDir = context.appOutDir))
    const resources = path.join(appOutDir, 'resources')
    return {
      asarMB: (await stat(path.join(resources, 'app.asar'))).size / MB,
      resourcesMB: (await folderBytes(resources)) / MB,
      files: await readdir(resources)
    }
  } finally {
    await rm(workDir, { recursive: true, force: true })
  }
}

async function folderBytes(folder: string): Promise<number> {
  let total = 0
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name)
    total += entry.isDirectory() ? await folderBytes(full) : (await stat(full)).size
  }
  return total
}

/** PSS of the Chromium processes started with this profile and of all their descendants (/proc). */
async function chromiumMemory(profileDir: string): Promise<{ pssMB: number; processes: number; byKindMB: Record<string, number> }> {
  const parents = new Map<number, number>()
  const kinds = new Map<number, string>()
  const roots: number[] = []
  for (const name of await readdir('/proc')) {
    const pid = Number(name)
    if (!Number.isInteger(pid)) continue
    const [statText, commandLine] = await Promise.all([readFile(`/proc/${pid}/stat`, 'utf8').catch(() => ''), readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')])
    // The parent is the second field after the command name, which is in parentheses and may hold spaces.
    const parent = Number(statText.slice(statText.lastIndexOf(')') + 2).split(' ')[1])
    if (Number.isInteger(parent)) parents.set(pid, parent)
    // Chromium names each child's job: --type=renderer (the page), gpu-process, utility (network, storage…).
    // Chromium rewrites its children's command lines with spaces for separators (its process titles).
    const args = commandLine.split(/[\0 ]/)
    const kind = [args.find((arg) => arg.startsWith('--type='))?.slice(7), args.find((arg) => arg.startsWith('--utility-sub-type='))?.slice(19)]
    kinds.set(pid, kind.filter(Boolean).join(' ') || 'browser')
    if (commandLine.includes(`--user-data-dir=${profileDir}`)) roots.push(pid)
  }
  const ofProfile = new Set(roots)
  for (let grew = true; grew; ) {
    grew = false
    for (const [pid, parent] of parents) {
      if (!ofProfile.has(parent) || ofProfile.has(pid)) continue
      ofProfile.add(pid)
      grew = true
    }
  }
  let pssKB = 0
  const byKindMB: Record<string, number> = {}
  for (const pid of ofProfile) {
    const rollup = await readFile(`/proc/${pid}/smaps_rollup`, 'utf8').catch(() => '')
    const kB = Number(/^Pss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? 0)
    pssKB += kB
    const kind = kinds.get(pid) ?? 'other'
    byKindMB[kind] = round((byKindMB[kind] ?? 0) + kB / 1024, 1)
  }
  return { pssMB: pssKB / 1024, processes: ofProfile.size, byKindMB }
}
