/**
 * The two body formats the API speaks (spec §4.1: application/json, text/json, application/xml, text/xml)
 * and how to pick one from Content-Type and Accept headers.
 */
export type BodyFormat = 'json' | 'xml'

/** What we send. UTF-8 is stated so no peer has to guess. */
export const CONTENT_TYPES: Record<BodyFormat, string> = {
  json: 'application/json; charset=utf-8',
  xml: 'application/xml; charset=utf-8'
}

type MediaRange = { type: string; subtype: string; q: number; position: number }

/** Format of a body from its Content-Type; null when it is neither JSON nor XML (or missing). */
export function bodyFormatOf(contentType?: string | null): BodyFormat | null {
  const range = parseMediaRange(contentType ?? '', 0)
  return range ? formatOfType(range.type, range.subtype) : null
}

/**
 * The format to answer in, from an Accept header. Each format takes the q of the most specific range
 * that names it (RFC 9110 §12.5.1), so `*\/*, application/json;q=0` still means XML. The highest q wins;
 * a tie goes to the range written first, and JSON is the default when nothing decides.
 */
export function acceptedFormat(accept?: string | null): BodyFormat {
  const ranges = (accept ?? '')
    .split(',')
    .map((part, position) => parseMediaRange(part, position))
    .filter((range): range is MediaRange => range !== null)
  const json = preferenceFor('json', ranges)
  const xml = preferenceFor('xml', ranges)
  if (xml.q > json.q) return 'xml'
  if (xml.q === json.q && xml.q > 0 && xml.position < json.position) return 'xml'
  return 'json'
}

function formatOfType(type: string, subtype: string): BodyFormat | null {
  if (type !== 'application' && type !== 'text') {
    return null
  }
  // Structured suffixes (RFC 6839): application/problem+json is JSON, application/problem+xml is XML.
  const base = subtype.includes('+') ? subtype.slice(subtype.lastIndexOf('+') + 1) : subtype
  if (base === 'json') return 'json'
  if (base === 'xml') return 'xml'
  return null
}

const SPECIFICITY_NONE = -1

function specificity(range: MediaRange, format: BodyFormat): number {
  if (range.type === '*' && range.subtype === '*') return 0
  if (range.subtype === '*') return range.type === 'application' || range.type === 'text' ? 1 : SPECIFICITY_NONE
  return formatOfType(range.type, range.subtype) === format ? 2 : SPECIFICITY_NONE
}

function preferenceFor(format: BodyFormat, ranges: MediaRange[]): { q: number; position: number } {
  let best = { specificity: SPECIFICITY_NONE, q: 0, position: Number.POSITIVE_INFINITY }
  for (const range of ranges) {
    const level = specificity(range, format)
    if (level > best.specificity || (level === best.specificity && level >= 0 && range.q > best.q)) {
      best = { specificity: level, q: range.q, position: range.position }
    }
  }
  return { q: best.q, position: best.position }
}

/** `type/subtype; a=b; q=0.5` → parts in lower case; null when it is not a media type at all. */
function parseMediaRange(text: string, position: number): MediaRange | null {
  const [essence = '', ...parameters] = text.split(';')
  const match = /^\s*([a-z0-9!#$%&'*+.^_`|~-]+)\/([a-z0-9!#$%&'*+.^_`|~-]+)\s*$/i.exec(essence)
  if (!match) return null
  const type = (match[1] ?? '').toLowerCase()
  const subtype = (match[2] ?? '').toLowerCase()
  return { type, subtype, q: qualityOf(parameters), position }
}

function qualityOf(parameters: string[]): number {
  for (const parameter of parameters) {
    const [name = '', value = ''] = parameter.split('=')
    if (name.trim().toLowerCase() !== 'q') continue
    const q = Number(value.trim())
    // A q we cannot read is treated as the default rather than as a refusal: "roughly" is enough here.
    return Number.isFinite(q) && value.trim() !== '' ? Math.min(Math.max(q, 0), 1) : 1
  }
  return 1
}
