import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { decoded, notDecoded, type DecodeResult } from './decodeResult'
import { strictEntityDecoder } from './xmlEntities'

/** What fast-xml-parser gives for one element: text, or an object of children, `#text` and `@_` attributes. */
export type XmlNode = string | { [name: string]: XmlNode | XmlNode[] }

export const TEXT = '#text'
export const ATTRIBUTE_PREFIX = '@_'

/**
 * Reads untrusted XML into a tree, refusing what could hurt (DOCTYPE and entity declarations) or mislead
 * (a root other than the one expected). Values stay text; typing them is the decoder's job. Namespace
 * prefixes are dropped, so `xsi:nil` and `i:nil` both arrive as `@_nil` and a root in any namespace is found.
 */
export function readXmlDocument(xml: string, expectedRoot: string): DecodeResult<XmlNode> {
  if (typeof xml !== 'string' || xml.trim() === '') return notDecoded(`The body is empty; a ${expectedRoot} XML document was expected.`)
  if (/<!DOCTYPE/i.test(xml) || /<!ENTITY/i.test(xml)) {
    return notDecoded('The XML contains a DOCTYPE or ENTITY declaration, which is refused for safety (no DTDs, no custom entities).')
  }
  const validation = XMLValidator.validate(xml)
  if (validation !== true) {
    const { msg, line, col } = validation.err
    const where = col === undefined ? `line ${line}` : `line ${line}, column ${col}`
    return notDecoded(`The XML is not well formed (${where}): ${msg}`)
  }
  const entities = strictEntityDecoder()
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: ATTRIBUTE_PREFIX,
    textNodeName: TEXT,
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    // Whitespace in Notes is data; whitespace between elements is dropped by the decoder instead.
    trimValues: false,
    ignoreDeclaration: true,
    ignorePiTags: true,
    processEntities: true,
    entityDecoder: entities
  })
  let tree: Record<string, unknown>
  try {
    tree = parser.parse(xml) as Record<string, unknown>
  } catch (error) {
    return notDecoded(`The XML could not be read: ${error instanceof Error ? error.message : String(error)}`)
  }
  const entityProblem = entities.problem()
  if (entityProblem) return notDecoded(entityProblem)
  const outside = tree[TEXT]
  if ((typeof outside === 'string' && outside.trim() !== '') || !endsWithElement(xml)) {
    return notDecoded('The XML has text outside its root element.')
  }
  const roots = Object.keys(tree).filter((name) => name !== TEXT)
  const first = roots[0]
  if (first === undefined) return notDecoded(`Expected a ${expectedRoot} element, found no element.`)
  const root = tree[first]
  if (roots.length > 1 || Array.isArray(root)) return notDecoded('The XML has more than one top-level element.')
  if (first !== expectedRoot) return notDecoded(`Expected a ${expectedRoot} element, found ${first}.`)
  return decoded(root as XmlNode)
}

/**
 * Whether the document ends with an element once trailing comments and processing instructions are set
 * aside. The validator and the parser both drop text after a self-closing root (`<LeaveRequest/>junk`)
 * without a word, so this is checked by hand.
 */
function endsWithElement(xml: string): boolean {
  let tail = xml.trimEnd()
  for (;;) {
    const start = tail.endsWith('-->') ? tail.lastIndexOf('<!--') : tail.endsWith('?>') ? tail.lastIndexOf('<?') : -1
    if (start < 0) break
    tail = tail.slice(0, start).trimEnd()
  }
  return tail.endsWith('/>') || /<\/[^<>]*>$/.test(tail.slice(-1000))
}
