/**
 * Where a key press moves the selection in the drafts list: arrows by one, Page keys by a screenful,
 * Home/End to the ends. Null for keys the list does not handle. From no selection, Down starts at the top.
 */
export function nextIndex(key: string, current: number, count: number, pageSize: number): number | null {
  if (count === 0) return null
  const last = count - 1
  const clamp = (index: number) => Math.min(last, Math.max(0, index))
  switch (key) {
    case 'ArrowDown':
      return current < 0 ? 0 : clamp(current + 1)
    case 'ArrowUp':
      return current < 0 ? 0 : clamp(current - 1)
    case 'PageDown':
      return clamp(Math.max(current, 0) + pageSize)
    case 'PageUp':
      return clamp(current - pageSize)
    case 'Home':
      return 0
    case 'End':
      return last
    default:
      return null
  }
}
