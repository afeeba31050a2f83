import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { REPO_ROOT, RENDERER_BUILD_DIR } from './paths'

/**
 * The harness serves what `npm run build` wrote and never builds anything itself (a build inside a test
 * would hide its cost and race the other workers). It checks instead, and says what to do.
 */
export function assertRendererBuilt(buildDir: string = RENDERER_BUILD_DIR): void {
  const index = path.join(buildDir, 'index.html')
  if (!existsSync(index)) {
    throw new Error(
      `The renderer is not built: ${path.relative(REPO_ROOT, index)} is missing. ` +
        'Run `npm run build` (electron-vite build) first, then run the e2e tests again.'
    )
  }
}

/**
 * Source files changed after the build: the tests would exercise old code. Only a warning, because on a
 * shared checkout someone may save a file between the build and the run.
 */
export function staleRendererSources(buildDir: string = RENDERER_BUILD_DIR): string[] {
  const builtAt = statSync(path.join(buildDir, 'index.html')).mtimeMs
  const sources = [path.join(REPO_ROOT, 'renderer'), path.join(REPO_ROOT, 'shared')]
  return sources.flatMap((dir) => newerFiles(dir, builtAt)).map((file) => path.relative(REPO_ROOT, file))
}

function newerFiles(dir: string, than: number): string[] {
  if (!existsSync(dir)) return []
  const found: string[] = []
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || /\.test\.tsx?$/.test(entry.name)) continue
    const file = path.join(entry.parentPath, entry.name)
    if (statSync(file).mtimeMs > than) found.push(file)
  }
  return found
}
