import { IMPORT_FIELDS, type ColumnMapping } from '../../../shared/import'
import { normaliseWords } from '../../../shared/import/importFields'

/**
 * The column mapping the clerk last accepted for a file laid out like this one, so next month's export
 * from the same roster imports without setting anything up. Keyed by the header row (a renamed copy of
 * the same spreadsheet still matches) or, without headers, by the file name. It is a convenience, not
 * data: localStorage is enough, and losing it costs one re-mapping.
 */
const STORAGE_KEY = 'leave-desk.import-mappings'
const MAX_REMEMBERED = 50

export function layoutKey(headers: readonly string[] | undefined, fileName: string): string {
  return headers ? `headers:${headers.map(normaliseWords).join('|')}` : `name:${fileName.toLowerCase()}`
}

export function rememberedMapping(key: string, storage: Storage | undefined = globalThis.localStorage): ColumnMapping | undefined {
  return readAll(storage)[key]
}

export function rememberMapping(key: string, mapping: ColumnMapping, storage: Storage | undefined = globalThis.localStorage): void {
  if (!storage) return
  const all = readAll(storage)
  delete all[key]
  const kept = Object.entries(all).slice(-(MAX_REMEMBERED - 1))
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries([...kept, [key, mapping]])))
  } catch {
    // A full or unavailable storage only means the mapping is guessed again next time.
  }
}

function readAll(storage: Storage | undefined): Record<string, ColumnMapping> {
  if (!storage) return {}
  try {
    const parsed: unknown = JSON.parse(storage.getItem(STORAGE_KEY) ?? '{}')
    if (typeof parsed !== 'object' || parsed === null) return {}
    return Object.fromEntries(Object.entries(parsed as Record<string, unknown>).map(([key, value]) => [key, cleanMapping(value)]))
  } catch {
    return {}
  }
}

function cleanMapping(value: unknown): ColumnMapping {
  const mapping: ColumnMapping = {}
  if (typeof value !== 'object' || value === null) return mapping
  for (const field of IMPORT_FIELDS) {
    const column = (value as Record<string, unknown>)[field]
    if (Number.isInteger(column) && (column as number) >= 0) mapping[field] = column as number
  }
  return mapping
}
