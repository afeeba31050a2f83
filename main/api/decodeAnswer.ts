import type { z } from 'zod'
import { fail, ok, type ApiErrorCode, type Result } from '../../shared/apiError'
import {
  contactListResponseSchema,
  employeeListResponseSchema,
  insertUpdateResultSchema,
  payItemListResponseSchema
} from '../../shared/apiSchemas'
import type { DecodeResult } from '../../shared/codecs/decodeResult'
import { parseJson } from '../../shared/codecs/json'
import { bodyFormatOf } from '../../shared/codecs/mediaType'
import {
  contactListFromXml,
  employeeListFromXml,
  insertUpdateResultFromXml,
  leaveRequestFromXml,
  payItemListFromXml
} from '../../shared/codecs/xml'
import { leaveRequestRecordSchema } from '../../shared/leaveRequestSchema'
import { headerValue, type HttpAnswer } from './classifyResponse'

/** How to read one kind of success body, in either format. */
export interface AnswerDocument<S extends z.ZodType> {
  fromXml: (xml: string) => DecodeResult<unknown>
  schema: S
}

export const ANSWER_DOCUMENTS = {
  insertResult: { fromXml: insertUpdateResultFromXml, schema: insertUpdateResultSchema },
  leaveRequest: { fromXml: leaveRequestFromXml, schema: leaveRequestRecordSchema },
  payItems: { fromXml: payItemListFromXml, schema: payItemListResponseSchema },
  contacts: { fromXml: contactListFromXml, schema: contactListResponseSchema },
  employees: { fromXml: employeeListFromXml, schema: employeeListResponseSchema }
} as const

/**
 * Reads a 2xx body. The format is the one the server declared (it may ignore our Accept), sniffed when it
 * declared none. A body we cannot read is `whenUnreadable`: for a write the server did act on it, so the
 * caller says `unknown-outcome` (we do not know the record's Id) rather than pretending it failed.
 */
export function decodeAnswer<S extends z.ZodType>(
  document: AnswerDocument<S>,
  answer: HttpAnswer,
  whenUnreadable: Extract<ApiErrorCode, 'server' | 'unknown-outcome'>
): Result<z.output<S>> {
  const text = answer.body.replace(/^\uFEFF/, '').trim()
  const format = bodyFormatOf(headerValue(answer.headers, 'content-type')) ?? (text.startsWith('<') ? 'xml' : 'json')
  const raw = format === 'xml' ? document.fromXml(text) : parseJson(text)
  const parsed = raw.ok ? document.schema.safeParse(withoutNulls(raw.value)) : null
  if (parsed?.success) return ok(parsed.data)
  const why = !raw.ok ? raw.message : (parsed?.error.issues[0]?.message ?? 'unexpected content')
  const message =
    whenUnreadable === 'unknown-outcome'
      ? `The payroll service accepted the request, but its answer could not be read (${why}). It was probably saved; check before sending it again.`
      : `The payroll service answered, but its answer could not be read (${why}).`
  return fail({ code: whenUnreadable, message, status: answer.status })
}

/** The live API writes null for every property it has no value for; to our schemas null means "absent". */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls)
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, entry]) => entry !== null)
      .map(([key, entry]) => [key, withoutNulls(entry)])
  )
}
