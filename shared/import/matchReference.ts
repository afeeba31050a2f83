import { normaliseWords } from './importFields'

/** The employee fields matching needs (the renderer's cached employees have them). */
export interface EmployeeToMatch {
  id: number
  firstName: string
  lastName: string
  displayName: string
  isActive: boolean
}

export interface LeaveTypeToMatch {
  id: number
  name: string
}

/**
 * An employee cell read against the file's employees. A name two people share, a first name alone, or a
 * name nobody has is never guessed: the preview asks the clerk (`ambiguous` carries who it might be).
 */
export type EmployeeMatch =
  | { kind: 'found'; id: number }
  | { kind: 'ambiguous'; candidates: number[] }
  | { kind: 'unknown' }
  | { kind: 'empty' }

export type EmployeeMatcher = (text: string) => EmployeeMatch

export function createEmployeeMatcher(employees: readonly EmployeeToMatch[]): EmployeeMatcher {
  const byId = new Map(employees.map((employee) => [employee.id, employee]))
  const byName = new Map<string, Set<number>>()
  const byFirstName = new Map<string, Set<number>>()
  const add = (index: Map<string, Set<number>>, key: string, id: number) => {
    if (key === '') return
    const ids = index.get(key) ?? new Set<number>()
    ids.add(id)
    index.set(key, ids)
  }
  for (const employee of employees) {
    const first = normaliseWords(employee.firstName)
    const last = normaliseWords(employee.lastName)
    add(byName, normaliseWords(employee.displayName), employee.id)
    add(byName, `${first} ${last}`.trim(), employee.id)
    // "Smith, Jack" and "Smith Jack": how payroll reports and rosters often list people.
    add(byName, `${last} ${first}`.trim(), employee.id)
    add(byFirstName, first, employee.id)
  }
  return (text) => {
    const trimmed = text.trim()
    if (trimmed === '') return { kind: 'empty' }
    if (/^\d+$/.test(trimmed)) {
      return byId.has(Number(trimmed)) ? { kind: 'found', id: Number(trimmed) } : { kind: 'unknown' }
    }
    const key = normaliseWords(trimmed)
    const named = byName.get(key)
    if (named?.size === 1) return { kind: 'found', id: [...named][0] as number }
    if (named && named.size > 1) return { kind: 'ambiguous', candidates: [...named] }
    const firstNamed = byFirstName.get(key)
    if (firstNamed) return { kind: 'ambiguous', candidates: [...firstNamed] }
    return { kind: 'unknown' }
  }
}

export type LeaveTypeMatch = { kind: 'found'; id: number } | { kind: 'ambiguous'; names: string[] } | { kind: 'unknown' } | { kind: 'empty' }

/**
 * A leave-type cell: the pay item's id, its name, or its name without the word "leave" ("Annual" for
 * "Annual Leave", as rosters abbreviate it).
 */
export function createLeaveTypeMatcher(leaveTypes: readonly LeaveTypeToMatch[]): (text: string) => LeaveTypeMatch {
  const byId = new Set(leaveTypes.map((type) => type.id))
  const byName = new Map<string, LeaveTypeToMatch[]>()
  for (const type of leaveTypes) {
    for (const key of new Set([normaliseWords(type.name), withoutLeaveWord(type.name)])) {
      byName.set(key, [...(byName.get(key) ?? []), type])
    }
  }
  return (text) => {
    const trimmed = text.trim()
    if (trimmed === '') return { kind: 'empty' }
    if (/^\d+$/.test(trimmed)) return byId.has(Number(trimmed)) ? { kind: 'found', id: Number(trimmed) } : { kind: 'unknown' }
    const found = byName.get(normaliseWords(trimmed)) ?? byName.get(withoutLeaveWord(trimmed)) ?? []
    if (found.length === 1) return { kind: 'found', id: (found[0] as LeaveTypeToMatch).id }
    if (found.length > 1) return { kind: 'ambiguous', names: found.map((type) => type.name) }
    return { kind: 'unknown' }
  }
}

function withoutLeaveWord(name: string): string {
  return normaliseWords(name)
    .split(' ')
    .filter((word) => word !== 'leave')
    .join(' ')
}
