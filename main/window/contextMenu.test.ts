import { describe, expect, it } from 'vitest'
import { contextMenuTemplate, type ContextMenuParams } from './contextMenu'

const allFlags = { canCut: true, canCopy: true, canPaste: true, canSelectAll: true }
const params = (overrides: Partial<ContextMenuParams>): ContextMenuParams => ({
  isEditable: false,
  selectionText: '',
  misspelledWord: '',
  dictionarySuggestions: [],
  editFlags: allFlags,
  ...overrides
})

function recordingSpelling() {
  const done: string[] = []
  return { done, replaceMisspelling: (w: string) => done.push(`replace:${w}`), addToDictionary: (w: string) => done.push(`add:${w}`) }
}

describe('the right-click menu', () => {
  it('offers the spelling suggestions for a misspelled word and replaces it with the one chosen', () => {
    const spelling = recordingSpelling()
    const menu = contextMenuTemplate(params({ isEditable: true, misspelledWord: 'anual', dictionarySuggestions: ['annual', 'manual'] }), spelling)
    expect(menu.map((item) => item.label ?? item.role ?? item.type)).toEqual([
      'annual', 'manual', 'Add to dictionary', 'separator', 'cut', 'copy', 'paste', 'separator', 'selectAll'
    ])
    menu[0]?.click?.({} as never, undefined, {} as never)
    menu[2]?.click?.({} as never, undefined, {} as never)
    expect(spelling.done).toEqual(['replace:annual', 'add:anual'])
  })

  it('says so when the dictionary has nothing to suggest', () => {
    const menu = contextMenuTemplate(params({ isEditable: true, misspelledWord: 'Xqzt' }), recordingSpelling())
    expect(menu[0]).toMatchObject({ label: 'No spelling suggestions', enabled: false })
  })

  it('enables cut, copy and paste as the field allows', () => {
    const menu = contextMenuTemplate(params({ isEditable: true, editFlags: { ...allFlags, canCut: false, canCopy: false } }), recordingSpelling())
    expect(menu.filter((item) => item.role).map((item) => [item.role, item.enabled])).toEqual([
      ['cut', false], ['copy', false], ['paste', true], ['selectAll', true]
    ])
  })

  it('offers copy for selected text outside a field, and nothing when nothing applies', () => {
    expect(contextMenuTemplate(params({ selectionText: 'Annual leave' }), recordingSpelling()).map((item) => item.role)).toEqual(['copy', 'selectAll'])
    expect(contextMenuTemplate(params({}), recordingSpelling())).toEqual([])
  })
})
