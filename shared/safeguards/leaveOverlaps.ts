import type { CalendarDate } from '../calendarDate'

/**
 * One leave request as far as overlap and duplicate checks care: whose, what, when. A stored draft, a
 * synced request or a row of an import preview all fit. Requests whose dates are not both set, and
 * rejected requests (they take no leave), are never reported.
 */
export interface LeaveSpan {
  /** A draft id, or a row key for proposed requests that have none yet. */
  id: string
  employeeId?: number
  leaveTypePayItemId?: number
  startDate: CalendarDate | ''
  endDate: CalendarDate | ''
  leaveStatus?: string
}

export interface LeaveClash<S extends LeaveSpan = LeaveSpan> {
  /** The proposed request. */
  request: LeaveSpan
  /** The other request: one stored, or another proposed in the same list. */
  other: S | LeaveSpan
  otherIsProposed: boolean
  /** The days both take, inclusive. */
  from: CalendarDate
  to: CalendarDate
  /** Same employee, leave type, first and last day. */
  exact: boolean
}

function takesLeave(span: LeaveSpan): span is LeaveSpan & { employeeId: number; startDate: CalendarDate; endDate: CalendarDate } {
  return span.employeeId !== undefined && span.startDate !== '' && span.endDate !== '' && span.startDate <= span.endDate && span.leaveStatus !== 'Rejected'
}

export function isExactDuplicate(a: LeaveSpan, b: LeaveSpan): boolean {
  return (
    takesLeave(a) &&
    takesLeave(b) &&
    a.employeeId === b.employeeId &&
    a.leaveTypePayItemId !== undefined &&
    a.leaveTypePayItemId === b.leaveTypePayItemId &&
    a.startDate === b.startDate &&
    a.endDate === b.endDate
  )
}

/** The days two requests share, or null when they are different people or do not touch. */
export function sharedDays(a: LeaveSpan, b: LeaveSpan): { from: CalendarDate; to: CalendarDate } | null {
  if (!takesLeave(a) || !takesLeave(b) || a.employeeId !== b.employeeId) return null
  const from = a.startDate > b.startDate ? a.startDate : b.startDate
  const to = a.endDate < b.endDate ? a.endDate : b.endDate
  return from <= to ? { from, to } : null
}

interface ByEmployee<S> {
  /** Sorted by start date, so a scan can stop at the first request starting after the end. */
  spans: S[]
}

function groupByEmployee<S extends LeaveSpan>(spans: readonly S[]): Map<number, ByEmployee<S>> {
  const groups = new Map<number, ByEmployee<S>>()
  for (const span of spans) {
    if (!takesLeave(span)) continue
    const group = groups.get(span.employeeId) ?? { spans: [] }
    group.spans.push(span)
    groups.set(span.employeeId, group)
  }
  for (const group of groups.values()) group.spans.sort((a, b) => (a.startDate < b.startDate ? -1 : a.startDate > b.startDate ? 1 : 0))
  return groups
}

/**
 * Every clash of each proposed request with the stored ones and with the other proposed ones: the
 * check behind the editor's marks, the queue's duplicate question and the import preview. A stored
 * request with the same id as a proposed one is that request itself, not a clash. Proposed requests
 * clash with each other once, reported on the later one in the list.
 *
 * Cost: grouping and sorting (n log n), then per proposed request only the same employee's requests
 * that start by its last day.
 */
export function findClashes<S extends LeaveSpan>(proposed: readonly LeaveSpan[], stored: readonly S[]): LeaveClash<S>[] {
  const storedGroups = groupByEmployee(stored)
  const proposedIds = new Set(proposed.map((span) => span.id))
  const clashes: LeaveClash<S>[] = []
  const seenProposed = new Map<number, LeaveSpan[]>()
  for (const request of proposed) {
    if (!takesLeave(request)) continue
    for (const other of storedGroups.get(request.employeeId)?.spans ?? []) {
      if (other.startDate! > request.endDate) break
      if (other.id === request.id || proposedIds.has(other.id)) continue
      const days = sharedDays(request, other)
      if (days) clashes.push({ request, other, otherIsProposed: false, ...days, exact: isExactDuplicate(request, other) })
    }
    const earlier = seenProposed.get(request.employeeId) ?? []
    for (const other of earlier) {
      const days = sharedDays(request, other)
      if (days) clashes.push({ request, other, otherIsProposed: true, ...days, exact: isExactDuplicate(request, other) })
    }
    earlier.push(request)
    seenProposed.set(request.employeeId, earlier)
  }
  return clashes
}

/** Overlaps that are not exact duplicates (same person, dates that share at least one day). */
export function findOverlaps<S extends LeaveSpan>(proposed: readonly LeaveSpan[], stored: readonly S[]): LeaveClash<S>[] {
  return findClashes(proposed, stored).filter((clash) => !clash.exact)
}

/** Exact duplicates: same employee, leave type, first and last day as another live request. */
export function findExactDuplicates<S extends LeaveSpan>(proposed: readonly LeaveSpan[], stored: readonly S[]): LeaveClash<S>[] {
  return findClashes(proposed, stored).filter((clash) => clash.exact)
}

/** What makes two requests exact duplicates, as one string: a confirmation is remembered against it. */
export function duplicateKey(span: LeaveSpan): string | null {
  if (!takesLeave(span) || span.leaveTypePayItemId === undefined) return null
  return `${span.employeeId}|${span.leaveTypePayItemId}|${span.startDate}|${span.endDate}`
}
