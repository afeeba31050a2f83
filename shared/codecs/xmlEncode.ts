import { isXmlChar } from './xmlEntities'
import type { DocumentShape, FieldKind, Fields } from './xmlShapes'

/**
 * Writes an object as an XML document of the given shape. Known fields come first, in the shape's order
 * (so the output does not depend on how the object was built); other fields follow in the object's
 * order. Undefined is left out, null becomes `xsi:nil="true"`, numbers and dates are written as given.
 */
export function encodeDocument(shape: DocumentShape, value: object): string {
  const state = { usedNil: false }
  const body = encodeFields(shape.fields, value, state)
  const namespaces =
    (shape.namespace ? ` xmlns="${escapeText(shape.namespace)}"` : '') +
    (state.usedNil ? ` xmlns:xsi="${XSI_NAMESPACE}"` : '')
  const root = body === '' ? `<${shape.root}${namespaces}/>` : `<${shape.root}${namespaces}>${body}</${shape.root}>`
  return `<?xml version="1.0" encoding="utf-8"?>\n${root}`
}

const XSI_NAMESPACE = 'http://www.w3.org/2001/XMLSchema-instance'

type EncodeState = { usedNil: boolean }

function encodeFields(fields: Fields, value: object, state: EncodeState): string {
  const record = value as Record<string, unknown>
  const known = Object.keys(fields).filter((name) => Object.hasOwn(record, name))
  const others = Object.keys(record).filter((name) => !Object.hasOwn(fields, name))
  return [...known, ...others].map((name) => encodeField(name, fields[name], record[name], state)).join('')
}

function encodeField(name: string, kind: FieldKind | undefined, value: unknown, state: EncodeState): string {
  // A name that is not an XML name cannot be written without producing a broken document; the API's
  // own field names all pass, so only foreign keys are left out.
  if (!XML_NAME.test(name)) return ''
  if (Array.isArray(value) && typeof kind === 'object') {
    const items = value.map((entry: unknown) => encodeElement(kind.item, entry, kind.fields, state)).join('')
    return items === '' ? `<${name}/>` : `<${name}>${items}</${name}>`
  }
  if (Array.isArray(value)) {
    // No item name is known for this list, so it is written as repeated elements, the plain XML idiom.
    return value.map((entry: unknown) => encodeElement(name, entry, {}, state)).join('')
  }
  return encodeElement(name, value, typeof kind === 'object' ? kind.fields : {}, state)
}

function encodeElement(name: string, value: unknown, fields: Fields, state: EncodeState): string {
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') return ''
  if (value === null) {
    state.usedNil = true
    return `<${name} xsi:nil="true"/>`
  }
  if (typeof value === 'object') {
    const inner = encodeFields(fields, value, state)
    return inner === '' ? `<${name}/>` : `<${name}>${inner}</${name}>`
  }
  const text = escapeText(String(value))
  return text === '' ? `<${name}/>` : `<${name}>${text}</${name}>`
}

const XML_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/

/**
 * Escapes markup characters. A carriage return is written as a reference because XML parsers turn a
 * literal CR LF into LF. Characters XML 1.0 cannot carry at all (most control characters, lone
 * surrogates) become U+FFFD: the alternative is a document no parser will read.
 */
export function escapeText(text: string): string {
  let out = ''
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0
    if (char === '&') out += '&amp;'
    else if (char === '<') out += '&lt;'
    else if (char === '>') out += '&gt;'
    else if (char === '"') out += '&quot;'
    else if (char === '\r') out += '&#13;'
    else out += isXmlChar(code) ? char : '\uFFFD'
  }
  return out
}
