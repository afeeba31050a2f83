import type { FieldIssue } from '../../shared/apiSchemas'
import { problemDetailsSchema, type ProblemDetails } from '../../shared/codecs/problemDetails'
import { apiFieldName, fieldNamedAtStartOf } from './apiFieldName'
import { plainText } from './plainText'

/**
 * The error shapes the live API and the sandbox use, read into one form: RFC 9457 problems, OAuth
 * `{error, error_description}`, ASP.NET `{Message, ModelState}`, a bare string, a list of strings.
 * Each reader returns undefined when the value is not its shape; none of them throws on odd input.
 */
export type ParsedErrorBody = { message: string; fieldIssues: FieldIssue[] }

type Json = Record<string, unknown>

export function errorFromJson(value: unknown): ParsedErrorBody | undefined {
  if (typeof value === 'string') return errorFromSentences(value)
  if (Array.isArray(value)) return errorFromList(value)
  if (!isObject(value)) return undefined
  const problem = problemDetailsSchema.safeParse(value)
  if (problem.success) return errorFromProblem(problem.data)
  const fieldIssues = issuesByField(value.ModelState ?? value.modelState)
  const message =
    firstText(value.error_description, value.Message, value.message) ?? oauthErrorMessage(value.error) ?? fieldIssues[0]?.message
  return message === undefined ? undefined : { message, fieldIssues }
}

export function errorFromProblem(problem: ProblemDetails): ParsedErrorBody | undefined {
  const fieldIssues = (problem.errors ?? [])
    .map((issue) => ({ field: apiFieldName(issue.field), message: plainText(issue.message) }))
    .filter((issue) => issue.message !== '')
  const message = firstText(problem.detail, problem.title) ?? fieldIssues[0]?.message
  return message === undefined ? undefined : { message, fieldIssues }
}

/** A bare sentence, or several separated by line breaks: each that opens with a field name is that field's. */
export function errorFromSentences(text: string): ParsedErrorBody | undefined {
  const lines = text
    .split(/\r?\n|\r/)
    .map(plainText)
    .filter((line) => line !== '')
  if (lines.length === 0) return undefined
  const fieldIssues = lines.flatMap((line) => {
    const field = fieldNamedAtStartOf(line)
    return field ? [{ field, message: line }] : []
  })
  return { message: plainText(lines.join(' ')), fieldIssues }
}

function errorFromList(items: unknown[]): ParsedErrorBody | undefined {
  const sentences = items.filter((item): item is string => typeof item === 'string')
  return sentences.length > 0 ? errorFromSentences(sentences.join('\n')) : undefined
}

/** ASP.NET ModelState: `{"request.EndDate": ["…"], "": ["…"]}`; entries may also be `{ErrorMessage}`. */
function issuesByField(modelState: unknown): FieldIssue[] {
  if (!isObject(modelState)) return []
  return Object.entries(modelState).flatMap(([key, messages]) =>
    (Array.isArray(messages) ? messages : [messages])
      .map((message) => (isObject(message) ? firstText(message.ErrorMessage, message.message) : firstText(message)))
      .filter((message): message is string => message !== undefined)
      .map((message) => ({ field: apiFieldName(key), message }))
  )
}

const OAUTH_ERRORS: Record<string, string> = {
  invalid_grant: 'The user name or password was not accepted, or the sign-in has expired.',
  invalid_token: 'The sign-in has expired or was revoked.',
  invalid_request: 'The sign-in request was incomplete.',
  invalid_client: 'This application is not allowed to sign in.',
  unsupported_grant_type: 'This way of signing in is not supported.',
  invalid_scope: 'The requested access is not allowed.'
}

function oauthErrorMessage(error: unknown): string | undefined {
  const code = firstText(error)
  if (code === undefined) return undefined
  return OAUTH_ERRORS[code] ?? plainText(code.replace(/_/g, ' '))
}

function firstText(...values: unknown[]): string | undefined {
  for (const value of values) {
    if (typeof value === 'string' && value.trim() !== '') return plainText(value)
  }
  return undefined
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
