const NAMES: Readonly<Record<string, string>> = {
  employeeId: 'the employee',
  leaveTypePayItemId: 'the leave type',
  startDate: 'the first day',
  endDate: 'the last day',
  leaveStatus: 'the approval',
  notes: 'the notes',
  items: 'the days of leave'
}

/** "the approval and the notes": fields as a clerk names them, for a refusal's message. */
export function fieldNames(fields: readonly string[]): string {
  const words = fields.map((field) => NAMES[field] ?? field)
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`
}
