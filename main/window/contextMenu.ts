import type { MenuItemConstructorOptions } from 'electron'

/** The parts of Electron's `context-menu` params the menu reads. */
export interface ContextMenuParams {
  isEditable: boolean
  selectionText: string
  misspelledWord: string
  dictionarySuggestions: string[]
  editFlags: { canCut: boolean; canCopy: boolean; canPaste: boolean; canSelectAll: boolean }
}

export interface SpellingActions {
  replaceMisspelling(word: string): void
  addToDictionary(word: string): void
}

/**
 * The right-click menu: spelling suggestions for a misspelled word first (spellcheck is on, and this is
 * the only way to act on its underline), then cut/copy/paste/select all as the field allows. Nothing at
 * all where nothing applies (a right-click on plain text with no selection).
 */
export function contextMenuTemplate(params: ContextMenuParams, spelling: SpellingActions): MenuItemConstructorOptions[] {
  const items: MenuItemConstructorOptions[] = []
  if (params.isEditable && params.misspelledWord) {
    const suggestions = params.dictionarySuggestions.slice(0, 5)
    if (suggestions.length === 0) items.push({ label: 'No spelling suggestions', enabled: false })
    for (const suggestion of suggestions) items.push({ label: suggestion, click: () => spelling.replaceMisspelling(suggestion) })
    const word = params.misspelledWord
    items.push({ label: 'Add to dictionary', click: () => spelling.addToDictionary(word) }, { type: 'separator' })
  }
  const flags = params.editFlags
  if (params.isEditable) {
    items.push(
      { role: 'cut', enabled: flags.canCut },
      { role: 'copy', enabled: flags.canCopy },
      { role: 'paste', enabled: flags.canPaste },
      { type: 'separator' },
      { role: 'selectAll', enabled: flags.canSelectAll }
    )
  } else if (params.selectionText.trim()) {
    items.push({ role: 'copy', enabled: flags.canCopy }, { role: 'selectAll', enabled: flags.canSelectAll })
  }
  return items
}
