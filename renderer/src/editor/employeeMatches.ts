/** The type-ahead of the employee picker: who the clerk probably means by what they have typed so far. */
export interface NamedEmployee {
  id: number
  displayName: string
}

/** How many suggestions to show: enough to scroll through, few enough to read. */
export const MAX_SUGGESTIONS = 50

/**
 * Employees whose name has a word starting with each typed word ("ol ng" finds Olivia Nguyen), or whose
 * id is what was typed. Names starting with the text come first; otherwise the list's own (name) order.
 */
export function employeeMatches<E extends NamedEmployee>(employees: readonly E[], query: string): E[] {
  const words = query.trim().toLocaleLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) return employees.slice(0, MAX_SUGGESTIONS)
  const typed = words.join(' ')
  const matching = employees.filter((employee) => {
    if (String(employee.id) === typed) return true
    const nameWords = employee.displayName.toLocaleLowerCase().split(/[\s\-']+/)
    return words.every((word) => nameWords.some((nameWord) => nameWord.startsWith(word)))
  })
  const startsWith = (employee: E) => employee.displayName.toLocaleLowerCase().startsWith(typed)
  return [...matching.filter(startsWith), ...matching.filter((e) => !startsWith(e))].slice(0, MAX_SUGGESTIONS)
}
