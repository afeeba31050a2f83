import { readSpreadsheet } from '../../../shared/import'

/**
 * The spreadsheet reader's own thread (readSpreadsheetOffThread.ts): unpacking, decoding and parsing a
 * file happen here, so a hostile or merely large file never holds up the page's thread, where autosave
 * and the sync queue run. One file per worker; the page ends the worker when the answer arrives.
 */
interface WorkerScope {
  onmessage: ((event: MessageEvent<Uint8Array>) => void) | null
  postMessage(message: unknown): void
}

const scope = globalThis as unknown as WorkerScope

scope.onmessage = (event) => {
  void readSpreadsheet(event.data).then(
    (result) => scope.postMessage(result),
    () => scope.postMessage({ ok: false, error: { code: 'not-a-spreadsheet', message: 'This file could not be read. Save it again as .xlsx or CSV.' } })
  )
}
