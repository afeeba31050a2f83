import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { RENDERER_BUILD_DIR } from '../../e2e/harness/paths'
import type { Section } from './benchReport'

/** Target from issue 14: what the clerk's machine parses at every start, gzipped as a download would be. */
const TARGET_GZIP_KB = 250

/**
 * The built renderer's JavaScript and CSS (out/renderer, from the build `npm run bench` runs first):
 * raw and gzipped (level 9) sizes in KB (1,024 bytes), under the stable key `rendererGzipKB`.
 */
export async function measureRendererBundle(): Promise<Section> {
  const assets = path.join(RENDERER_BUILD_DIR, 'assets')
  const files = (await readdir(assets)).filter((name) => /\.(js|css)$/.test(name)).sort()
  if (files.length === 0) throw new Error(`No built renderer in ${assets}: run npm run build`)
  let raw = 0
  let gzipped = 0
  const perFile: Record<string, { rawKB: number; gzipKB: number }> = {}
  for (const name of files) {
    const bytes = await readFile(path.join(assets, name))
    const zipped = gzipSync(bytes, { level: 9 }).length
    raw += bytes.length
    gzipped += zipped
    perFile[name] = { rawKB: kb(bytes.length), gzipKB: kb(zipped) }
  }
  const rendererGzipKB = kb(gzipped)
  return {
    name: 'bundle',
    rows: [
      {
        figure: 'renderer bundle (JS + CSS), gzipped',
        value: `${rendererGzipKB} KB (${kb(raw)} KB raw)`,
        target: `≤ ${TARGET_GZIP_KB} KB`,
        met: rendererGzipKB <= TARGET_GZIP_KB
      }
    ],
    figures: { rendererGzipKB },
    details: { rendererGzipKB, rendererRawKB: kb(raw), files: perFile }
  }
}

function kb(bytes: number): number {
  return Math.round((bytes / 1024) * 10) / 10
}
