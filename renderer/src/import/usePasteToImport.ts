import { useEffect } from 'react'

/**
 * Ctrl+V of cells copied from Excel, LibreOffice or Google Sheets (tab-separated text) anywhere on the
 * drafts screen but in a text field, where a paste keeps its ordinary meaning. A single cell is not a
 * block of leave and is left alone.
 */
export function usePasteToImport(onCells: (text: string) => void, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return
    const onPaste = (event: ClipboardEvent) => {
      if (isTextEntry(event.target) || document.querySelector('dialog[open]')) return
      const text = event.clipboardData?.getData('text/plain') ?? ''
      if (!looksLikeCells(text)) return
      event.preventDefault()
      onCells(text)
    }
    document.addEventListener('paste', onPaste)
    return () => document.removeEventListener('paste', onPaste)
  }, [onCells, enabled])
}

export function looksLikeCells(text: string): boolean {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '')
  return lines.length > 0 && (text.includes('\t') || lines.length > 1)
}

function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable) return true
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true
  return target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit'].includes(target.type)
}
