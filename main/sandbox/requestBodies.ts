import { bodyFormatOf } from '../../shared/codecs/mediaType'
import { parseStrictJson } from '../../shared/codecs/strictJson'
import { decodeBody } from './bodyCharset'
import { leaveRequestFromXmlBody } from './xmlBodies'

/**
 * Reads a request body by its Content-Type. The API routes take the spec's four types; the token routes
 * take JSON (spec §4.2) and, leniently, the form encoding RFC 6749 clients default to. Every failure is a
 * 4xx with a message that names the problem, never a thrown parser error.
 */
export type BodyReading = { ok: true; value: unknown } | { ok: false; status: 400 | 415; message: string }

export type BodyAudience = 'api' | 'token'

const API_TYPES = 'application/json, text/json, application/xml or text/xml'

export function readRequestBody(contentType: string | undefined, bytes: Buffer, audience: BodyAudience): BodyReading {
  const format = bodyFormatOf(contentType)
  const known = format === 'json' || (format === 'xml' && audience === 'api') || (audience === 'token' && isFormEncoded(contentType))
  if (known) {
    const text = decodeBody(contentType, bytes, format === 'xml')
    if (!text.ok) return { ok: false, ...text.error }
    if (format === 'json') return readJson(text.value)
    if (format === 'xml') return readXml(text.value)
    return { ok: true, value: Object.fromEntries(new URLSearchParams(text.value)) }
  }
  return unsupportedType(contentType, audience)
}

export function unsupportedType(contentType: string | undefined, audience: BodyAudience): BodyReading {
  if (audience === 'api' && isFormEncoded(contentType)) {
    // The spec lists four body types for leave requests (§4.1); a form post is not one of them, and its
    // flat key=value pairs cannot carry Items without a convention the vendor never documented.
    return { ok: false, status: 415, message: `A form post (application/x-www-form-urlencoded) is not a body type this API takes for leave requests; send ${API_TYPES}.` }
  }
  const named = contentType ? `Content-Type "${contentType.slice(0, 100)}" is not supported` : 'The request has a body but no Content-Type'
  const accepted = audience === 'api' ? API_TYPES : 'application/json'
  return { ok: false, status: 415, message: `${named}; send ${accepted}.` }
}

function readJson(text: string): BodyReading {
  if (text.trim() === '') return { ok: false, status: 400, message: 'The body is empty; send a JSON object.' }
  const parsed = parseStrictJson(text)
  return parsed.ok ? parsed : { ok: false, status: 400, message: `The body is not valid JSON. ${parsed.error.slice(0, 300)}` }
}

function readXml(text: string): BodyReading {
  if (text.trim() === '') return { ok: false, status: 400, message: 'The body is empty; send a LeaveRequest element.' }
  const decoded = leaveRequestFromXmlBody(text)
  return decoded.ok ? decoded : { ok: false, status: 400, message: `The body is not a readable LeaveRequest XML document (${decoded.error}).` }
}

function isFormEncoded(contentType: string | undefined): boolean {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() === 'application/x-www-form-urlencoded'
}
