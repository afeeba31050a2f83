import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import react from '@vitejs/plugin-react'
import { build } from 'vite'
import { REPO_ROOT } from '../../e2e/harness/paths'

const BROWSER_DIR = path.join(REPO_ROOT, 'test', 'bench', 'browser')

export interface BenchPageBuild {
  dir: string
  remove(): Promise<void>
}

/**
 * Builds the bench page (test/bench/browser) with Vite into a temporary folder, as a production build
 * like the app's renderer: the figures are of the code the clerk runs, not of a dev server's modules.
 */
export async function buildBenchPage(): Promise<BenchPageBuild> {
  const dir = await mkdtemp(path.join(tmpdir(), 'leave-desk-bench-page-'))
  try {
    await build({
      root: BROWSER_DIR,
      configFile: false,
      logLevel: 'warn',
      mode: 'production',
      plugins: [react()],
      // Chromium preloads modules natively; the polyfill is for other browsers. A run that writes CPU
      // profiles (BENCH_CPU_PROFILE) keeps the names, so the profile reads as the source does.
      build: { minify: !process.env.BENCH_CPU_PROFILE, outDir: dir, emptyOutDir: true, reportCompressedSize: false, chunkSizeWarningLimit: 4096, modulePreload: { polyfill: false } }
    })
  } catch (error) {
    await rm(dir, { recursive: true, force: true })
    throw error
  }
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) }
}
