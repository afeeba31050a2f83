import { decoded, notDecoded, type DecodeResult } from './decodeResult'
import { findJsonSyntaxError } from './jsonSyntaxError'

/**
 * JSON.parse that returns a value instead of throwing, with a message that says where the text broke
 * (line and column) in words a clerk or a log reader can follow.
 */
export function parseJson(text: string): DecodeResult {
  // Some servers start UTF-8 bodies with a byte order mark, which JSON.parse refuses.
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text
  try {
    return decoded(JSON.parse(body) as unknown)
  } catch (error) {
    const found = findJsonSyntaxError(body)
    if (!found) {
      // The scanner agrees with the grammar, so this is an engine limit such as nesting depth.
      return notDecoded(`The JSON could not be read: ${error instanceof Error ? error.message : String(error)}`)
    }
    if (body.trim() === '') return notDecoded('The body is empty; JSON was expected.')
    const { line, column } = lineAndColumn(body, found.index)
    return notDecoded(`Not valid JSON at line ${line}, column ${column}: ${found.problem}.`)
  }
}

function lineAndColumn(text: string, index: number): { line: number; column: number } {
  const before = text.slice(0, index)
  const lineStart = before.lastIndexOf('\n') + 1
  return { line: before.split('\n').length, column: index - lineStart + 1 }
}
