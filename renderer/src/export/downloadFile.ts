import { localDay } from './localTimes'

/**
 * Saves text as a file through the browser's download, which Electron turns into its native Save
 * dialog. Chosen over a main-side "save file" channel: no new IPC surface, no file path crossing into
 * main, and the page never learns where the clerk saved it.
 */
export function downloadTextFile(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const anchor = document.createElement('a')
  anchor.href = url
  anchor.download = fileName
  anchor.style.display = 'none'
  document.body.append(anchor)
  anchor.click()
  anchor.remove()
  // The download has its own copy once started; the URL is only needed for the click.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/**
 * 'Harbour Cafe Pty Ltd - leave requests 2026-03-02.csv': which business, what, and the computer's own
 * day, at a glance in the Downloads folder. Without the business's name (never read yet): 'File 1001'.
 * Characters no file system takes are left out of the name.
 */
export function exportFileName(what: string, business: { fileId: number; name?: string | null | undefined }, now: number): string {
  const printable = [...(business.name ?? '')].map((char) => (char < ' ' ? ' ' : char)).join('')
  const name = printable.replace(/[\\/:*?"<>|]+/g, ' ').replace(/\s+/g, ' ').trim().replace(/\.+$/, '').slice(0, 80)
  return `${name || `File ${business.fileId}`} - ${what} ${localDay(now)}.csv`
}
