/** What a column of an import can mean. */
export const IMPORT_FIELDS = [
  'employee',
  'leaveType',
  'startDate',
  'endDate',
  'status',
  'hoursPerDay',
  'totalHours',
  'notes'
] as const

export type ImportField = (typeof IMPORT_FIELDS)[number]

/** Column index (0-based) for each field the file has. */
export type ColumnMapping = Partial<Record<ImportField, number>>

export const importFieldLabels: Readonly<Record<ImportField, string>> = {
  employee: 'Employee',
  leaveType: 'Leave type',
  startDate: 'First day',
  endDate: 'Last day',
  status: 'Approval',
  hoursPerDay: 'Hours per day',
  totalHours: 'Total hours',
  notes: 'Notes'
}

/** Lower case, punctuation as spaces, single spaces: "Leave-Type " and "leave type" are the same header. */
export function normaliseWords(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}
