/**
 * The shared rules and the server name fields as the API does (`EmployeeId`, `Items.2.Hours`, sometimes
 * `Items[2].Hours` or in another case); the editor names them its own way (`employeeId`,
 * `items.2.hours`). Anything we do not recognise maps to '' so the editor shows it against the whole form
 * rather than dropping it.
 */
const TOP_LEVEL: Readonly<Record<string, string>> = {
  employeeid: 'employeeId',
  leavetypepayitemid: 'leaveTypePayItemId',
  startdate: 'startDate',
  enddate: 'endDate',
  status: 'leaveStatus',
  leavestatus: 'leaveStatus',
  notes: 'notes',
  items: 'items'
}

const ITEM_FIELDS: Readonly<Record<string, string>> = {
  date: 'date',
  hours: 'hours',
  ispaid: 'isPaid'
}

export function toEditorField(apiField: string): string {
  const parts = apiField
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter((part) => part !== '')
    .map((part) => part.toLowerCase())
  const [head, index, leaf] = parts
  const top = head === undefined ? undefined : TOP_LEVEL[head]
  if (top === undefined) return ''
  if (top !== 'items' || index === undefined || !/^\d+$/.test(index)) return top
  const itemField = leaf === undefined ? undefined : ITEM_FIELDS[leaf]
  // Line numbers are generated from the row's position, so a line-number problem belongs to the row.
  return itemField === undefined ? `items.${index}` : `items.${index}.${itemField}`
}
