import { readFile } from 'node:fs/promises'
import { z } from 'zod'
import { writeFileAtomically } from '../auth/atomicFileWrite'
import type { QuotaCounts, QuotaStore } from './dailyQuotaCounter'

const countsSchema = z.record(
  z.string().regex(/^\d+$/),
  z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), count: z.number().int().nonnegative() })
)

/**
 * The daily counts as a small JSON file in the app's data folder. Written atomically (temp file + rename)
 * so a crash mid-write leaves the previous counts. A missing or unreadable file reads as "nothing counted
 * yet": the vendor's quota is the real guard, ours only keeps us clear of it.
 */
export function jsonFileQuotaStore(filePath: string): QuotaStore {
  return {
    async load(): Promise<QuotaCounts> {
      let text: string
      try {
        text = await readFile(filePath, 'utf8')
      } catch {
        return {}
      }
      try {
        const parsed = countsSchema.safeParse(JSON.parse(text))
        return parsed.success ? parsed.data : {}
      } catch {
        return {}
      }
    },
    async save(counts: QuotaCounts): Promise<void> {
      await writeFileAtomically(filePath, Buffer.from(`${JSON.stringify(counts)}\n`, 'utf8'))
    }
  }
}
