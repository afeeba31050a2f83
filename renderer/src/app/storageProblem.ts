/**
 * Why the drafts database could not be opened, in plain words, with what to do next. Nothing is ever
 * deleted or recreated on an error: whatever is saved stays saved for the next try.
 */
export interface StorageProblem {
  title: string
  advice: string
  /** The technical name, for support. */
  technical: string
}

const KEPT = 'Nothing has been deleted: drafts already saved are still on this computer.'

export function storageProblem(error: unknown): StorageProblem {
  const names = errorNames(error)
  const technical = describe(error)
  if (names.includes('QuotaExceededError')) {
    return {
      title: 'This computer has run out of space for Leave Desk',
      advice: `Free some disk space, then choose Try again. ${KEPT}`,
      technical
    }
  }
  if (names.includes('VersionError') || names.includes('UpgradeError')) {
    return {
      title: 'Your drafts were saved by a newer version of Leave Desk',
      advice: `Install the latest Leave Desk to open them. This version has not changed them. ${KEPT}`,
      technical
    }
  }
  if (names.includes('DatabaseOfAnotherPayrollError')) {
    return {
      title: 'These saved drafts belong to another payroll',
      advice: `Leave Desk will not open them for this one, so nothing can be sent to the wrong payroll. Check the payroll address in Settings, then choose Try again. ${KEPT}`,
      technical
    }
  }
  if (names.includes('BlockedError') || names.includes('TimeoutError')) {
    return {
      title: 'Another Leave Desk window is holding your drafts',
      advice: `Close the other Leave Desk windows, then choose Try again. ${KEPT}`,
      technical
    }
  }
  return {
    title: 'Leave Desk could not open your saved drafts',
    advice: `Choose Try again, or restart Leave Desk. If it keeps happening, tell your support contact what is shown below. ${KEPT}`,
    technical
  }
}

/** Dexie wraps the browser's error (OpenFailedError → inner): look at every layer. */
function errorNames(error: unknown): string[] {
  const names: string[] = []
  let current: unknown = error
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const name = (current as { name?: unknown }).name
    if (typeof name === 'string') names.push(name)
    current = (current as { inner?: unknown }).inner
  }
  return names
}

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`
  return String(error)
}
