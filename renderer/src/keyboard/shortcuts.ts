/**
 * The app's keyboard shortcuts: one table, read both by the key handler and by the help panel, so the
 * panel can never list a shortcut that does not work (or miss one that does).
 */
export type ShortcutAction =
  | 'newDraft'
  | 'duplicate'
  | 'queue'
  | 'queueAllValid'
  | 'search'
  | 'delete'
  | 'undo'
  | 'save'
  | 'help'
  | 'settings'
  | 'refreshFromPayroll'
  | 'editInPayroll'
  | 'approve'
  | 'reject'
  | 'openPayrollRequest'

export interface KeyPress {
  key: string
  ctrlKey: boolean
  metaKey: boolean
  shiftKey: boolean
  altKey: boolean
}

export interface Shortcut {
  action: ShortcutAction
  /** As shown in the help panel, e.g. ['Ctrl', 'N']; alternatives are separate entries of `keys`. */
  keys: string[][]
  description: string
  /** Whether it also works while the caret is in a text field (where the key would otherwise type). */
  inFields: boolean
  matches(press: KeyPress): boolean
}

/** Cmd on a Mac keyboard counts as Ctrl. */
const command = (press: KeyPress) => (press.ctrlKey || press.metaKey) && !press.altKey
const plain = (press: KeyPress) => !press.ctrlKey && !press.metaKey && !press.altKey
const letter = (press: KeyPress, wanted: string) => press.key.toLowerCase() === wanted

export const SHORTCUTS: readonly Shortcut[] = [
  {
    action: 'newDraft',
    keys: [['Ctrl', 'N']],
    description: 'New draft',
    inFields: true,
    matches: (p) => command(p) && !p.shiftKey && letter(p, 'n')
  },
  {
    action: 'duplicate',
    keys: [['Ctrl', 'D']],
    description: 'Duplicate the open draft',
    inFields: true,
    matches: (p) => command(p) && !p.shiftKey && letter(p, 'd')
  },
  {
    action: 'queue',
    keys: [['Ctrl', 'Enter']],
    description: 'Queue the open draft for sending',
    inFields: true,
    matches: (p) => command(p) && !p.shiftKey && p.key === 'Enter'
  },
  {
    action: 'queueAllValid',
    keys: [['Ctrl', 'Shift', 'Enter']],
    description: 'Queue every draft that is ready',
    inFields: true,
    matches: (p) => command(p) && p.shiftKey && p.key === 'Enter'
  },
  {
    action: 'search',
    keys: [['Ctrl', 'F']],
    description: 'Search drafts by employee, leave type, notes or date',
    inFields: true,
    matches: (p) => command(p) && !p.shiftKey && letter(p, 'f')
  },
  {
    action: 'delete',
    keys: [['Delete']],
    description: 'Delete the open draft',
    inFields: false,
    matches: (p) => plain(p) && !p.shiftKey && p.key === 'Delete'
  },
  {
    action: 'undo',
    keys: [['Ctrl', 'Z']],
    description: 'Undo the last delete',
    inFields: false,
    matches: (p) => command(p) && !p.shiftKey && letter(p, 'z')
  },
  {
    action: 'save',
    keys: [['Ctrl', 'S']],
    description: 'Nothing to do: every change is saved as you type',
    inFields: true,
    matches: (p) => command(p) && !p.shiftKey && letter(p, 's')
  },
  {
    action: 'help',
    keys: [['?'], ['F1']],
    description: 'Show this list of shortcuts',
    inFields: false,
    matches: (p) => p.key === 'F1' || (plain(p) && p.key === '?')
  },
  {
    action: 'settings',
    keys: [['Ctrl', ',']],
    description: 'Settings: payroll address, Practice, sending pace',
    inFields: true,
    matches: (p) => command(p) && !p.shiftKey && p.key === ','
  },
  // A request already in payroll: one key each, from the list or the open request (inPayroll/).
  {
    action: 'refreshFromPayroll',
    keys: [['F5']],
    description: 'Refresh the open request from payroll (one already in payroll)',
    inFields: true,
    matches: (p) => plain(p) && !p.shiftKey && p.key === 'F5'
  },
  {
    action: 'editInPayroll',
    keys: [['E']],
    description: 'Edit the open request that is already in payroll',
    inFields: false,
    matches: (p) => plain(p) && !p.shiftKey && letter(p, 'e')
  },
  {
    action: 'approve',
    keys: [['A']],
    description: 'Approve the open request that is already in payroll (or every ticked one: Space ticks)',
    inFields: false,
    matches: (p) => plain(p) && !p.shiftKey && letter(p, 'a')
  },
  {
    action: 'reject',
    keys: [['R']],
    description: 'Reject the open request that is already in payroll (or every ticked one), with a reason',
    inFields: false,
    matches: (p) => plain(p) && !p.shiftKey && letter(p, 'r')
  },
  {
    action: 'openPayrollRequest',
    keys: [['Ctrl', 'Shift', 'O']],
    description: 'Open a request from payroll by its number (one made in payroll itself)',
    inFields: true,
    matches: (p) => command(p) && p.shiftKey && letter(p, 'o')
  }
]

/** A function key types nothing, so it can act even from a text field. */
const typesNothing = (key: string) => /^F\d{1,2}$/.test(key)

/** Whether one of a shortcut's key combinations also works with the caret in a text field (what the help says). */
export function worksInFields(shortcut: Shortcut, combo: readonly string[]): boolean {
  return shortcut.inFields || combo.every(typesNothing)
}

/** What the key does here, or null to leave it to the browser (typing, the field's own undo, …). */
export function shortcutFor(press: KeyPress, inFormControl: boolean): ShortcutAction | null {
  const shortcut = SHORTCUTS.find((candidate) => candidate.matches(press))
  if (!shortcut) return null
  if (inFormControl && !shortcut.inFields && !typesNothing(press.key)) return null
  return shortcut.action
}

/** The part of a focused element that decides whether keys type into it. */
export interface FocusTarget {
  tagName: string
  type?: string
  isContentEditable?: boolean
}

const NON_TEXT_INPUTS = new Set(['button', 'submit', 'reset', 'checkbox', 'radio', 'range', 'color', 'file', 'image'])

/**
 * Whether keys go to a form control: text fields, but also checkboxes and selects, where Delete must not
 * delete the whole draft the clerk is filling in.
 */
export function isFormControl(target: FocusTarget | null): boolean {
  if (!target) return false
  const tag = target.tagName.toUpperCase()
  if (tag === 'TEXTAREA' || tag === 'SELECT' || target.isContentEditable) return true
  if (tag !== 'INPUT') return false
  return !NON_TEXT_INPUTS.has((target.type ?? 'text').toLowerCase()) || target.type === 'checkbox'
}
