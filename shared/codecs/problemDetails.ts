import { z } from 'zod'
import type { FieldIssue } from '../apiSchemas'

/**
 * RFC 9457 problem details, with the field-level `errors` extension the sandbox uses for validation
 * failures (docs/architecture.md, "The sandbox"). The same shape travels as problem+json and as XML.
 */
export type ProblemDetails = { type: string; title: string; status: number; detail?: string; errors?: FieldIssue[] }

/** The problem type of a 400 with field errors; the RFC 9110 section for 400, as ASP.NET names it too. */
export const VALIDATION_PROBLEM_TYPE = 'https://www.rfc-editor.org/rfc/rfc9110#section-15.5.1'
export const VALIDATION_PROBLEM_TITLE = 'One or more fields are not valid.'

export function validationProblem(issues: FieldIssue[], detail?: string): ProblemDetails {
  const summary = detail ?? issues.map((issue) => issue.message).join(' ')
  return {
    type: VALIDATION_PROBLEM_TYPE,
    title: VALIDATION_PROBLEM_TITLE,
    status: 400,
    ...(summary !== '' ? { detail: summary } : {}),
    errors: issues.map((issue) => ({ field: issue.field, message: issue.message }))
  }
}

const optionalText = z.string().nullish().catch(undefined)

/**
 * One field error as servers write it: ours `{field, message}`, RFC 9457's own example
 * `{pointer: "#/Items/0/Hours", detail}`. An entry with neither a field nor a message says nothing, so it
 * is dropped rather than failing the whole body.
 */
const listedIssue = z
  .object({ field: optionalText, pointer: optionalText, message: optionalText, detail: optionalText })
  .transform((raw): FieldIssue => ({
    field: raw.field ?? fieldOfPointer(raw.pointer) ?? '',
    message: raw.message ?? raw.detail ?? ''
  }))

/** ASP.NET's ValidationProblemDetails: `{ "EmployeeId": ["must be a number"] }`. */
const issuesByField = z.record(z.string(), z.union([z.array(z.string()), z.string()]))

const issueList = z.union([
  z.array(z.unknown()).transform((entries) =>
    entries.flatMap((entry) => {
      const parsed = listedIssue.safeParse(entry)
      return parsed.success && (parsed.data.field !== '' || parsed.data.message !== '') ? [parsed.data] : []
    })
  ),
  issuesByField.transform((byField) =>
    Object.entries(byField).flatMap(([field, messages]) =>
      (Array.isArray(messages) ? messages : [messages]).map((message) => ({ field, message }))
    )
  )
])

const status = z.union([z.number(), z.string()]).transform((value) => {
  const n = typeof value === 'number' ? value : Number(value.trim())
  return Number.isInteger(n) ? n : 0
})

/**
 * A tolerant reading of a problem body: `type` defaults to about:blank (RFC 9457 §4.2.1), a missing
 * title is '', a missing or unreadable status is 0 (then the HTTP status is the one to trust), and bad
 * `errors` are dropped. It still refuses bodies that are not problems at all (no type, title, detail or
 * errors), so a caller can try the other error shapes (`{error, error_description}`, `{Message}`) next.
 */
export const problemDetailsSchema: z.ZodType<ProblemDetails, unknown> = z
  .object({
    type: optionalText,
    title: optionalText,
    status: status.optional().catch(undefined),
    detail: optionalText,
    errors: issueList.nullish().catch(undefined)
  })
  .refine((raw) => [raw.type, raw.title, raw.detail].some((v) => typeof v === 'string') || Array.isArray(raw.errors), {
    error: 'The body is not a problem details document.'
  })
  .transform((raw): ProblemDetails => ({
    type: raw.type || 'about:blank',
    title: raw.title ?? '',
    status: raw.status ?? 0,
    ...(typeof raw.detail === 'string' ? { detail: raw.detail } : {}),
    ...(raw.errors ? { errors: raw.errors } : {})
  }))

/** `#/Items/0/Hours` → `Items.0.Hours`, the path form our field issues use. */
function fieldOfPointer(pointer: string | null | undefined): string | undefined {
  if (typeof pointer !== 'string') return undefined
  const path = pointer.startsWith('#') ? pointer.slice(1) : pointer
  return path
    .split('/')
    .filter((part) => part !== '')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.')
}
