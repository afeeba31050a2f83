import type { z } from 'zod'
import { fail, type ApiResult } from '../../shared/apiError'
import type { FieldIssue } from '../../shared/apiSchemas'
import { ipcChannels, type ChannelData, type EventName, type InvokeName, type ParsedChannelArgs, type Services } from '../../shared/ipc'

/**
 * One IPC call from the page to a service: bound the raw arguments, parse them with the channel's schema,
 * call the service, and turn anything thrown into a coded error. Free of Electron, so the Playwright
 * harness binds the same function to the page that main binds to ipcMain.
 */

/** Longer than any legitimate argument (Notes is at most 2,000 characters). */
export const MAX_ARGUMENT_STRING_LENGTH = 10_000
/** Values visited in the arguments; a leave request with 200 items is about 1,000. */
export const MAX_ARGUMENT_NODES = 20_000

/**
 * What main knows about one call besides its arguments; never seen by the contract's schemas.
 * `signal` aborts when the page that made the call goes away (reload, navigation, crash, closed).
 */
export interface CallContext {
  signal?: AbortSignal
}

/**
 * The services as main binds them: each may take the call's context after the contract's arguments.
 * Plain `Services` fit this shape too (a function may ignore a trailing argument).
 */
export type ContextualServices = {
  [K in InvokeName]: (...args: [...ParsedChannelArgs<K>, CallContext?]) => Promise<ApiResult<ChannelData<K>>>
} & Pick<Services, EventName>

export type Dispatch = (name: InvokeName, rawArgs: readonly unknown[], context?: CallContext) => Promise<ApiResult<unknown>>

export function createIpcDispatcher(services: ContextualServices, log: (message: string) => void = () => {}): Dispatch {
  return async (name, rawArgs, context = {}) => {
    const spec = ipcChannels[name]
    const tooLarge = oversizedArgument(rawArgs, spec.args, spec.maxStringLength ?? MAX_ARGUMENT_STRING_LENGTH)
    if (tooLarge) return badInput([tooLarge])
    // A missing trailing argument is reported by its name, like one sent as undefined.
    const padded = rawArgs.length < spec.args.length ? [...rawArgs, ...new Array<undefined>(spec.args.length - rawArgs.length)] : rawArgs
    const parsed = (spec.input as z.ZodType<unknown[]>).safeParse(padded)
    if (!parsed.success) return badInput(parsed.error.issues.map((issue) => toFieldIssue(issue, spec.args)))
    try {
      const service = services[name] as (...args: unknown[]) => Promise<ApiResult<unknown>>
      // The context goes after every argument of the contract (padded above), never in their place.
      return await service(...parsed.data, context)
    } catch (error) {
      // The text of an unexpected error may quote anything (a URL, a body); it stays in main's log.
      log(`IPC ${name} failed: ${describe(error)}`)
      return fail({ code: 'internal', message: 'Something went wrong in Leave Desk. Please try again.' })
    }
  }
}

function badInput(issues: FieldIssue[]): ApiResult<never> {
  const first = issues[0] ?? { field: 'arguments', message: 'The arguments are not valid.' }
  return fail({
    code: 'bad-input',
    message: `${first.field}: ${first.message}`,
    fieldIssues: issues,
    details: { field: first.field }
  })
}

function toFieldIssue(issue: z.core.$ZodIssue, argNames: readonly string[]): FieldIssue {
  return { field: fieldName(issue.path, argNames), message: issue.message }
}

/** `[1, 'Items', 0, 'Date']` on `insertLeaveRequest` → `body.Items.0.Date`. */
function fieldName(path: readonly PropertyKey[], argNames: readonly string[]): string {
  if (path.length === 0) return 'arguments'
  const [index, ...rest] = path
  const head = typeof index === 'number' ? (argNames[index] ?? `argument ${index + 1}`) : String(index)
  return [head, ...rest.map(String)].join('.')
}

/**
 * Structured clone lets the page send arbitrarily large or deep values; refuse those before any schema
 * walks them. Iterative with a node budget, so a hostile value cannot exhaust the stack or the CPU.
 */
function oversizedArgument(rawArgs: readonly unknown[], argNames: readonly string[], maxStringLength: number): FieldIssue | null {
  // Each entry links to its container's entry; a path is spelled out only for the value that is refused.
  type Entry = { value: unknown; key: PropertyKey; parent: Entry | null }
  const pathOf = (entry: Entry | null): PropertyKey[] => {
    const path: PropertyKey[] = []
    for (let at = entry; at?.parent; at = at.parent) path.unshift(at.key)
    return path
  }
  const pending: Entry[] = [{ value: rawArgs, key: '', parent: null }]
  let visited = 0
  while (pending.length > 0) {
    const entry = pending.pop() as Entry
    const { value } = entry
    visited += 1
    if (visited > MAX_ARGUMENT_NODES) return { field: 'arguments', message: 'The arguments are too large.' }
    if (typeof value === 'string' && value.length > maxStringLength) {
      return { field: fieldName(pathOf(entry), argNames), message: 'This value is too long.' }
    }
    if (typeof value !== 'object' || value === null) continue
    const isArray = Array.isArray(value)
    for (const [key, child] of Object.entries(value)) {
      if (key.length > MAX_ARGUMENT_STRING_LENGTH) return { field: fieldName(pathOf(entry), argNames), message: 'A key is too long.' }
      pending.push({ value: child, key: isArray ? Number(key) : key, parent: entry })
    }
  }
  return null
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : typeof error
}
