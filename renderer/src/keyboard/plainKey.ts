/**
 * Whether a key was pressed on its own, without Ctrl, Cmd, Alt or Shift. A widget's own Enter (open the
 * editor, pick a suggestion) must answer only plain Enter: Ctrl+Enter and Ctrl+Shift+Enter are the
 * app's shortcuts and have to reach them from everywhere.
 */
export function isPlainKey(event: { ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }): boolean {
  return !event.ctrlKey && !event.metaKey && !event.altKey && !event.shiftKey
}
