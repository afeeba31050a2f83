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

/** 'leave-requests-1001-2026-03-02.csv': which file, and when, at a glance in the Downloads folder. */
export function exportFileName(kind: string, fileId: number, now: number): string {
  return `${kind}-${fileId}-${new Date(now).toISOString().slice(0, 10)}.csv`
}
