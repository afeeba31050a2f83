import { readSpreadsheet, type ImportError, type Sheet } from '../../../shared/import'
import type { Result } from '../../../shared/result'

/** Starts the reader's worker; null where the page has no workers (unit tests under Node). */
export type StartReader = () => Pick<Worker, 'postMessage' | 'terminate' | 'onmessage' | 'onerror'>

const startReader: StartReader | null =
  typeof Worker === 'undefined' ? null : () => new Worker(new URL('./spreadsheetWorker.ts', import.meta.url), { type: 'module', name: 'spreadsheet-reader' })

const COULD_NOT_READ: ImportError = { code: 'not-a-spreadsheet', message: 'This file could not be read. Save it again as .xlsx or CSV.' }

/**
 * A file's cells, read on a thread of its own (spreadsheetWorker.ts): unpacking a workbook, decoding and
 * parsing take as long as they take there, while the page's thread keeps autosaving and sending. The
 * worker ends with the answer, so whatever it held goes with it.
 */
export async function readSpreadsheetOffThread(bytes: Uint8Array, start: StartReader | null = startReader): Promise<Result<Sheet, ImportError>> {
  // Without workers (unit tests under Node), on this thread. The workbook reader stays out of the page's
  // bundle either way: readXlsx loads it (and the unzipper) on demand, here only in the worker.
  if (!start) return readSpreadsheet(bytes)
  return new Promise((resolve) => {
    const worker = start()
    const finish = (result: Result<Sheet, ImportError>) => {
      worker.terminate()
      resolve(result)
    }
    worker.onmessage = (event: MessageEvent<Result<Sheet, ImportError>>) => finish(event.data)
    worker.onerror = () => finish({ ok: false, error: COULD_NOT_READ })
    worker.postMessage(bytes)
  })
}
