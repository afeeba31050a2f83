import { err, ok, type Result } from './result'

/**
 * The token response's `scope` lists the files a user may open: `FileId:1001 FileId:1002` in the spec,
 * `full fileid:15431 fileid:14078` on the live API. Entries that are not file ids (`full`) are ignored;
 * a file id entry whose id is not a positive integer is junk and refused, so a garbled response never
 * silently becomes "no files".
 */
export type ScopeResult = Result<number[], string>

const FILE_ID_ENTRY = /^fileid:(.*)$/i

export function parseScope(scope: string): ScopeResult {
  const fileIds: number[] = []
  for (const entry of scope.split(/\s+/).filter(Boolean)) {
    const match = FILE_ID_ENTRY.exec(entry)
    if (!match) continue
    const id = match[1] ?? ''
    if (!/^\d{1,10}$/.test(id) || Number(id) <= 0 || Number(id) > 2_147_483_647) {
      return err(`The scope entry "${entry}" is not a valid file id.`)
    }
    if (!fileIds.includes(Number(id))) fileIds.push(Number(id))
  }
  return ok(fileIds)
}

export function formatScope(fileIds: readonly number[]): string {
  return fileIds.map((id) => `FileId:${id}`).join(' ')
}
