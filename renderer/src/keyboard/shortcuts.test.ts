import { describe, expect, it } from 'vitest'
import { isFormControl, shortcutFor, SHORTCUTS, worksInFields, type KeyPress } from './shortcuts'

const press = (key: string, mods: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods
})

describe('shortcutFor', () => {
  it.each([
    [press('n', { ctrlKey: true }), 'newDraft'],
    [press('N', { metaKey: true }), 'newDraft'],
    [press('d', { ctrlKey: true }), 'duplicate'],
    [press('Enter', { ctrlKey: true }), 'queue'],
    [press('Enter', { ctrlKey: true, shiftKey: true }), 'queueAllValid'],
    [press('f', { ctrlKey: true }), 'search'],
    [press('Delete'), 'delete'],
    [press('z', { ctrlKey: true }), 'undo'],
    [press('?', { shiftKey: true }), 'help'],
    [press('F1'), 'help'],
    [press('F5'), 'refreshFromPayroll'],
    [press('e'), 'editInPayroll'],
    [press('A', { shiftKey: false }), 'approve'],
    [press('r'), 'reject']
  ] as const)('maps %j to %s outside fields', (key, action) => {
    expect(shortcutFor(key, false)).toBe(action)
  })

  it('leaves typing, the field’s own undo and Delete to a text field', () => {
    expect(shortcutFor(press('?', { shiftKey: true }), true)).toBeNull()
    expect(shortcutFor(press('z', { ctrlKey: true }), true)).toBeNull()
    expect(shortcutFor(press('Delete'), true)).toBeNull()
  })

  it('still queues, creates, searches and opens help with F1 from inside a field', () => {
    expect(shortcutFor(press('Enter', { ctrlKey: true }), true)).toBe('queue')
    expect(shortcutFor(press('n', { ctrlKey: true }), true)).toBe('newDraft')
    expect(shortcutFor(press('f', { ctrlKey: true }), true)).toBe('search')
    expect(shortcutFor(press('F1'), true)).toBe('help')
  })

  it('leaves the letters of a request in payroll to a text field, where they type, but refreshes from anywhere', () => {
    for (const key of ['e', 'a', 'r']) expect(shortcutFor(press(key), true)).toBeNull()
    expect(shortcutFor(press('F5'), true)).toBe('refreshFromPayroll')
  })

  it('does not take Ctrl+R, Shift+A or Ctrl+E for the letters of a request in payroll', () => {
    expect(shortcutFor(press('r', { ctrlKey: true }), false)).toBeNull()
    expect(shortcutFor(press('A', { shiftKey: true }), false)).toBeNull()
    expect(shortcutFor(press('e', { ctrlKey: true }), false)).toBeNull()
  })

  it('ignores other plain letters, Enter and Alt combinations', () => {
    expect(shortcutFor(press('n'), false)).toBeNull()
    expect(shortcutFor(press('Enter'), false)).toBeNull()
    expect(shortcutFor(press('n', { ctrlKey: true, altKey: true }), false)).toBeNull()
  })

  it('lists every action once in the help table', () => {
    const actions = SHORTCUTS.map((shortcut) => shortcut.action)
    expect(new Set(actions).size).toBe(actions.length)
  })
})

describe('isFormControl', () => {
  it('counts text inputs, number and date inputs, text areas, selects, checkboxes and editable regions', () => {
    for (const target of [
      { tagName: 'INPUT' },
      { tagName: 'input', type: 'number' },
      { tagName: 'INPUT', type: 'date' },
      { tagName: 'INPUT', type: 'checkbox' },
      { tagName: 'TEXTAREA' },
      { tagName: 'SELECT' },
      { tagName: 'DIV', isContentEditable: true }
    ]) {
      expect(isFormControl(target), JSON.stringify(target)).toBe(true)
    }
  })

  it('does not count buttons, the drafts list or nothing focused', () => {
    expect(isFormControl({ tagName: 'BUTTON' })).toBe(false)
    expect(isFormControl({ tagName: 'INPUT', type: 'button' })).toBe(false)
    expect(isFormControl({ tagName: 'DIV' })).toBe(false)
    expect(isFormControl(null)).toBe(false)
  })
})

describe('worksInFields', () => {
  it('says the help opens from a field with F1 but not with ?', () => {
    const help = SHORTCUTS.find((shortcut) => shortcut.action === 'help')!
    expect(worksInFields(help, ['F1'])).toBe(true)
    expect(worksInFields(help, ['?'])).toBe(false)
  })
})
