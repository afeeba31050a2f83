import type { z } from 'zod'
import { fail, ok, type ApiErrorCode, type ApiResult } from '../../shared/apiError'
import {
  contactListResponseSchema,
  employeeListResponseSchema,
  fileIdentitiesResponseSchema,
  insertUpdateResultSchema,
  payItemListResponseSchema
} from '../../shared/apiSchemas'
import { notDecoded, type DecodeResult } from '../../shared/codecs/decodeResult'
import { parseJson } from '../../shared/codecs/json'
import { bodyFormatOf, type BodyFormat } from '../../shared/codecs/mediaType'
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
  employees: { fromXml: employeeListFromXml, schema: employeeListResponseSchema },
  // The vendor documents the file list in JSON only.
  fileIdentities: { fromXml: () => notDecoded('the file list is only read as JSON'), schema: fileIdentitiesResponseSchema }
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
): ApiResult<z.output<S>> {
  const text = answer.body.replace(/^\uFEFF/, '').trim()
  const format = declaredFormat(headerValue(answer.headers, 'content-type')) ?? (text.startsWith('<') ? 'xml' : 'json')
  const raw = format === 'xml' ? document.fromXml(text) : parseJson(text)
  const cleaned = raw.ok ? withoutNulls(raw.value) : null
  const parsed = cleaned?.ok ? document.schema.safeParse(cleaned.value) : null
  if (parsed?.success) return ok(parsed.data)
  const why = !raw.ok ? raw.error : !cleaned?.ok ? TOO_DEEP : (parsed?.error.issues[0]?.message ?? 'unexpected content')
  const message =
    whenUnreadable === 'unknown-outcome'
      ? `The payroll service accepted the request, but its answer could not be read (${why}). It was probably saved; check before sending it again.`
      : `The payroll service answered, but its answer could not be read (${why}).`
  return fail({ code: whenUnreadable, message, status: answer.status })
}

/**
 * A server sends the same Content-Type with every answer; the last one read is remembered, so parsing
 * the media type is not paid per answer.
 */
let lastContentType: { header: string | undefined; format: BodyFormat | null } = { header: undefined, format: null }

function declaredFormat(header: string | undefined): BodyFormat | null {
  if (header !== lastContentType.header) lastContentType = { header, format: bodyFormatOf(header) }
  return lastContentType.format
}

/**
 * No answer of the API nests more than a handful of levels; a body nested deeper than this is refused
 * (a hostile or broken server), so nothing downstream — the schemas, IPC's structured clone — walks it.
 */
export const MAX_ANSWER_DEPTH = 64
const TOO_DEEP = 'it is nested too deeply'

type Container = Record<string, unknown> | unknown[]

/**
 * The live API writes null for every property it has no value for; to our schemas null means "absent".
 * Copies the value without those properties. Iterative, so a deeply nested body cannot exhaust the stack;
 * null when the value is nested deeper than MAX_ANSWER_DEPTH.
 */
function withoutNulls(value: unknown): { ok: true; value: unknown } | { ok: false } {
  if (!isContainer(value)) return { ok: true, value }
  const root: Container = Array.isArray(value) ? [] : {}
  const pending: { source: Container; target: Container; depth: number }[] = [{ source: value, target: root, depth: 1 }]
  // Every pass takes one container off `pending`; each container of the (finite) value is pushed once.
  while (pending.length > 0) {
    const { source, target, depth } = pending.pop() as (typeof pending)[number]
    if (depth > MAX_ANSWER_DEPTH) return { ok: false }
    const copyOf = (entry: unknown): unknown => {
      if (!isContainer(entry)) return entry
      const child: Container = Array.isArray(entry) ? [] : {}
      pending.push({ source: entry, target: child, depth: depth + 1 })
      return child
    }
    if (Array.isArray(source)) {
      for (const entry of source) (target as unknown[]).push(copyOf(entry))
      continue
    }
    for (const [key, entry] of Object.entries(source)) {
      if (entry === null) continue
      // "__proto__" from JSON.parse must stay an ordinary property: assigning it would set the prototype.
      if (key === '__proto__') Object.defineProperty(target, key, { value: copyOf(entry), enumerable: true, writable: true, configurable: true })
      else (target as Record<string, unknown>)[key] = copyOf(entry)
    }
  }
  return { ok: true, value: root }
}

function isContainer(value: unknown): value is Container {
  return typeof value === 'object' && value !== null
}
