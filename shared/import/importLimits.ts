/**
 * What an import will take. A 5,000-row CSV is about 400 KB and the same as XLSX about 200 KB, so 5 MB
 * leaves plenty of room for notes while refusing, with a clear message, the wrong file (a year of payroll
 * exports, a photo) before the app tries to read it all into memory.
 */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024

/** More rows than this is not a list of leave; it is the wrong file. */
export const MAX_IMPORT_ROWS = 10_000

/**
 * An .xlsx unpacked (xlsxArchive.ts): 10,000 rows of a dozen columns is about 10 MB of XML, so one XML
 * file over 32 MB, or 64 MB in all, is not a list of leave but a zip bomb or the wrong file.
 */
export const MAX_XLSX_ENTRY_BYTES = 32 * 1024 * 1024
export const MAX_XLSX_INFLATED_BYTES = 64 * 1024 * 1024

export function describeBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`
  return `${bytes} bytes`
}
