import { decoded, notDecoded, type DecodeResult } from './decodeResult'
import { ATTRIBUTE_PREFIX, readXmlDocument, TEXT, type XmlNode } from './xmlRead'
import type { DocumentShape, FieldKind, Fields, ListKind } from './xmlShapes'

/**
 * Reads an XML document of the given shape into the object its JSON twin would parse to: numbers and
 * booleans typed, lists always arrays, empty or `xsi:nil` elements null. A value that does not read as
 * its type stays the string it was, so the shared rules can say "EmployeeId must be a number" instead of
 * receiving NaN. Unknown elements pass through as text (or objects of text).
 */
export function decodeDocument(shape: DocumentShape, xml: string): DecodeResult<Record<string, unknown>> {
  const root = readXmlDocument(xml, shape.root)
  if (!root.ok) return root
  return decodeStructure(shape.fields, root.value, shape.root)
}

type Content =
  | { kind: 'nil' }
  | { kind: 'text'; text: string }
  | { kind: 'children'; children: [string, XmlNode | XmlNode[]][] }

function contentOf(node: XmlNode, name: string): DecodeResult<Content> {
  if (typeof node === 'string') return decoded({ kind: 'text', text: node })
  const nil = node[`${ATTRIBUTE_PREFIX}nil`]
  if (nil === 'true' || nil === '1') return decoded({ kind: 'nil' })
  const text = typeof node[TEXT] === 'string' ? node[TEXT] : ''
  const children = Object.entries(node).filter(([key]) => key !== TEXT && !key.startsWith(ATTRIBUTE_PREFIX))
  if (children.length === 0) return decoded({ kind: 'text', text })
  if (text.trim() !== '') return notDecoded(`${name} mixes text with elements.`)
  return decoded({ kind: 'children', children })
}

/** An element made of fields: the root, or one entry of a list. Empty means an object with no fields. */
function decodeStructure(fields: Fields, node: XmlNode, name: string): DecodeResult<Record<string, unknown>> {
  const content = contentOf(node, name)
  if (!content.ok) return content
  if (content.value.kind !== 'children') {
    const text = content.value.kind === 'text' ? content.value.text : ''
    return text.trim() === '' ? decoded({}) : notDecoded(`${name} should contain fields, found text.`)
  }
  const out: Record<string, unknown> = {}
  for (const [field, child] of content.value.children) {
    const kind = Object.hasOwn(fields, field) ? fields[field] : undefined
    if (Array.isArray(child) && kind !== undefined) return notDecoded(`${field} appears more than once in ${name}.`)
    const value = Array.isArray(child) ? allOf(child.map((each) => decodeUnknown(each, field))) : decodeField(kind, child, field)
    if (!value.ok) return value
    if (field !== '__proto__') out[field] = value.value
  }
  return decoded(out)
}

function decodeField(kind: FieldKind | undefined, node: XmlNode, name: string): DecodeResult<unknown> {
  if (kind === undefined) return decodeUnknown(node, name)
  if (typeof kind === 'object') return decodeList(kind, node, name)
  const content = contentOf(node, name)
  if (!content.ok) return content
  if (content.value.kind === 'nil') return decoded(null)
  // An element with children where a value belongs is passed on as it is, for the rules to refuse.
  if (content.value.kind === 'children') return decodeUnknown(node, name)
  return decoded(typedValue(kind, content.value.text))
}

function typedValue(kind: 'number' | 'boolean' | 'string', text: string): unknown {
  const trimmed = text.trim()
  if (kind === 'string') return text === '' ? null : text
  if (trimmed === '') return null
  if (kind === 'number') {
    const n = Number(trimmed)
    return DECIMAL.test(trimmed) && Number.isFinite(n) ? n : text
  }
  const lower = trimmed.toLowerCase()
  if (lower === 'true' || lower === '1') return true
  if (lower === 'false' || lower === '0') return false
  return text
}

/** xsd:decimal and xsd:double in plain notation; Number() alone would also accept '0x1F', 'Infinity' and ''. */
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/

function decodeList(list: ListKind, node: XmlNode, name: string): DecodeResult<unknown> {
  const content = contentOf(node, name)
  if (!content.ok) return content
  if (content.value.kind === 'nil') return decoded(null)
  if (content.value.kind === 'text') {
    return content.value.text.trim() === ''
      ? decoded([])
      : notDecoded(`${name} should contain ${list.item} elements, found text.`)
  }
  const entries: XmlNode[] = []
  for (const [child, value] of content.value.children) {
    if (child !== list.item) return notDecoded(`${name} may only contain ${list.item} elements, found ${child}.`)
    entries.push(...(Array.isArray(value) ? value : [value]))
  }
  return allOf(entries.map((entry) => decodeListEntry(list, entry)))
}

function decodeListEntry(list: ListKind, node: XmlNode): DecodeResult<unknown> {
  const content = contentOf(node, list.item)
  if (!content.ok) return content
  return content.value.kind === 'nil' ? decoded(null) : decodeStructure(list.fields, node, list.item)
}

/** An element the shape does not know: text, null, or an object of the same. */
function decodeUnknown(node: XmlNode, name: string): DecodeResult<unknown> {
  const content = contentOf(node, name)
  if (!content.ok) return content
  if (content.value.kind === 'nil') return decoded(null)
  if (content.value.kind === 'text') return decoded(content.value.text === '' ? null : content.value.text)
  return decodeStructure({}, node, name)
}

function allOf(results: DecodeResult<unknown>[]): DecodeResult<unknown[]> {
  const values: unknown[] = []
  for (const result of results) {
    if (!result.ok) return result
    values.push(result.value)
  }
  return decoded(values)
}
