import type { Result } from '../../shared/result'

/**
 * Turns a request body's bytes into text by the charset it declares: the Content-Type's `charset`, else
 * (XML) the document's own `encoding` declaration, else UTF-8. UTF-8 must be valid UTF-8; ISO-8859-1
 * (latin1) is decoded as such; any other charset is refused by name rather than guessed, so "café" is
 * never stored as "caf\uFFFD" behind a 200.
 */
export type CharsetRefusal = { status: 400 | 415; message: string }

const UTF8 = new Set(['utf-8', 'utf8', 'unicode-1-1-utf-8'])
const LATIN1 = new Set(['iso-8859-1', 'iso8859-1', 'iso_8859-1', 'latin1', 'l1', 'iso-ir-100', 'cp819', 'ibm819'])
const ASCII = new Set(['us-ascii', 'ascii'])
const SUPPORTED = 'UTF-8 or ISO-8859-1'

export function decodeBody(contentType: string | undefined, bytes: Buffer, isXml: boolean): Result<string, CharsetRefusal> {
  if (startsWith(bytes, [0xfe, 0xff]) || startsWith(bytes, [0xff, 0xfe])) {
    return { ok: false, error: { status: 415, message: `The body is UTF-16 (it starts with a UTF-16 byte order mark); send ${SUPPORTED}.` } }
  }
  const declared = charsetOf(contentType) ?? (isXml ? xmlDeclaredEncoding(bytes) : null)
  const charset = (declared ?? 'utf-8').toLowerCase()
  if (UTF8.has(charset)) {
    try {
      return { ok: true, value: new TextDecoder('utf-8', { fatal: true }).decode(bytes) }
    } catch {
      return { ok: false, error: { status: 400, message: `The body is not valid UTF-8 (${invalidUtf8Where(bytes)}); send it as UTF-8 or declare its charset.` } }
    }
  }
  if (LATIN1.has(charset)) return { ok: true, value: bytes.toString('latin1') }
  if (ASCII.has(charset)) {
    const high = bytes.findIndex((byte) => byte > 0x7f)
    if (high >= 0) return { ok: false, error: { status: 400, message: `The body declares US-ASCII but byte ${high} is not ASCII.` } }
    return { ok: true, value: bytes.toString('latin1') }
  }
  return { ok: false, error: { status: 415, message: `The charset "${charset.slice(0, 40)}" is not supported; send ${SUPPORTED}.` } }
}

function charsetOf(contentType: string | undefined): string | null {
  for (const parameter of (contentType ?? '').split(';').slice(1)) {
    const [name = '', value = ''] = parameter.split('=')
    if (name.trim().toLowerCase() === 'charset') return value.trim().replace(/^"(.*)"$/, '$1')
  }
  return null
}

/** `<?xml version="1.0" encoding="ISO-8859-1"?>` — read from the first bytes, which are ASCII in any case we accept. */
function xmlDeclaredEncoding(bytes: Buffer): string | null {
  const head = bytes.subarray(0, 200).toString('latin1').replace(/^\uFEFF|^\u00EF\u00BB\u00BF/, '')
  const match = /^<\?xml[^>]*?\sencoding\s*=\s*["']([^"']*)["']/.exec(head)
  return match ? (match[1] ?? null) : null
}

function startsWith(bytes: Buffer, prefix: number[]): boolean {
  return prefix.every((byte, index) => bytes[index] === byte)
}

/** Where the first byte sequence that is not UTF-8 starts, in words. */
function invalidUtf8Where(bytes: Buffer): string {
  let i = 0
  while (i < bytes.length) {
    const byte = bytes[i] as number
    const length = byte < 0x80 ? 1 : byte >= 0xc2 && byte < 0xe0 ? 2 : byte >= 0xe0 && byte < 0xf0 ? 3 : byte >= 0xf0 && byte < 0xf5 ? 4 : 0
    if (length === 0) return `byte ${i}`
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(i, i + length))
    } catch {
      return `byte ${i}`
    }
    i += length
  }
  return 'at the end'
}
