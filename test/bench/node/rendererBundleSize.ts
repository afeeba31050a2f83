import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { RENDERER_BUILD_DIR } from '../../e2e/harness/paths'
import type { Section } from './benchReport'

/** Target from issue 14: what the clerk's machine parses at every start, gzipped as a download would be. */
const TARGET_GZIP_KB = 250

/**
 * The built renderer's JavaScript and CSS (out/renderer, from the build `npm run bench` runs first), raw
 * and gzipped (level 9) in KB (1,024 bytes). `rendererGzipKB` (the stable key) is what every start loads:
 * the files index.html names (entry script, preloads, stylesheet). Chunks loaded on demand (the workbook
 * reader, on the first .xlsx import) are reported apart, with the total of every file.
 */
export async function measureRendererBundle(): Promise<Section> {
  const assets = path.join(RENDERER_BUILD_DIR, 'assets')
  const files = (await readdir(assets)).filter((name) => /\.(js|css)$/.test(name)).sort()
  if (files.length === 0) throw new Error(`No built renderer in ${assets}: run npm run build`)
  const html = await readFile(path.join(RENDERER_BUILD_DIR, 'index.html'), 'utf8')
  const atStart = new Set([...html.matchAll(/(?:src|href)="\.\/assets\/([^"]+)"/g)].map((match) => match[1]))
  const startup = { raw: 0, gzipped: 0 }
  const all = { raw: 0, gzipped: 0 }
  const perFile: Record<string, { rawKB: number; gzipKB: number; atStart: boolean }> = {}
  for (const name of files) {
    const bytes = await readFile(path.join(assets, name))
    const zipped = gzipSync(bytes, { level: 9 }).length
    all.raw += bytes.length
    all.gzipped += zipped
    if (atStart.has(name)) {
      startup.raw += bytes.length
      startup.gzipped += zipped
    }
    perFile[name] = { rawKB: kb(bytes.length), gzipKB: kb(zipped), atStart: atStart.has(name) }
  }
  const rendererGzipKB = kb(startup.gzipped)
  const rendererAllChunksGzipKB = kb(all.gzipped)
  return {
    name: 'bundle',
    rows: [
      {
        figure: 'renderer bundle loaded at start (JS + CSS), gzipped',
        value: `${rendererGzipKB} KB (${kb(startup.raw)} KB raw)`,
        target: `≤ ${TARGET_GZIP_KB} KB`,
        met: rendererGzipKB <= TARGET_GZIP_KB
      },
      {
        figure: '  every chunk, including those loaded on demand',
        value: `${rendererAllChunksGzipKB} KB (${kb(all.raw)} KB raw, ${files.length} files)`,
        target: '',
        met: null
      }
    ],
    figures: { rendererGzipKB, rendererAllChunksGzipKB },
    details: { rendererGzipKB, rendererRawKB: kb(startup.raw), rendererAllChunksGzipKB, rendererAllChunksRawKB: kb(all.raw), files: perFile }
  }
}

function kb(bytes: number): number {
  return Math.round((bytes / 1024) * 10) / 10
}
