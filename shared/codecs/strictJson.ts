import secureJson from 'secure-json-parse'
import { notDecoded, type DecodeResult } from './decodeResult'
import { findDuplicateKey } from './jsonDuplicateKeys'
import { parseJson } from './json'

/**
 * JSON for request bodies a server must not misread: as parseJson, and also refuses a `__proto__` key
 * or a `constructor` key holding `prototype` (as secure-json-parse does; such keys change what a naive
 * copy of the object reads) and a key given twice in one object (JSON.parse would keep the last).
 */
export function parseStrictJson(text: string): DecodeResult {
  const parsed = parseJson(text)
  if (!parsed.ok) return parsed
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text
  try {
    secureJson.parse(body, null, { protoAction: 'error', constructorAction: 'error' })
  } catch {
    return notDecoded('The JSON has a "__proto__" or "constructor.prototype" key, which is refused: remove it.')
  }
  const duplicate = findDuplicateKey(body)
  if (duplicate !== null) return notDecoded(`The JSON gives the key "${duplicate.slice(0, 60)}" twice in one object; send each key once.`)
  return parsed
}
