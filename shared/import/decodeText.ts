/**
 * Turns a file's bytes into text. Spreadsheets saved as CSV arrive as UTF-8 (with or without the BOM
 * Excel writes), as Windows-1252 (Excel's "CSV" on an English Windows), or as UTF-16 (Excel's "Unicode
 * text"). Strict UTF-8 is tried first: Windows-1252 text with any accented letter is almost never valid
 * UTF-8, while every byte sequence is valid Windows-1252, so the order decides without guessing.
 */
export type TextEncodingName = 'utf-8' | 'utf-8-bom' | 'utf-16le' | 'utf-16be' | 'windows-1252'

export interface DecodedText {
  text: string
  encoding: TextEncodingName
}

export function decodeText(bytes: Uint8Array): DecodedText {
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) {
    return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'utf-8-bom' }
  }
  if (startsWith(bytes, [0xff, 0xfe])) return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le' }
  if (startsWith(bytes, [0xfe, 0xff])) return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16be' }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' }
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' }
  }
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, index) => bytes[index] === byte)
}

export const encodingLabels: Readonly<Record<TextEncodingName, string>> = {
  'utf-8': 'UTF-8',
  'utf-8-bom': 'UTF-8 (with BOM)',
  'utf-16le': 'UTF-16',
  'utf-16be': 'UTF-16',
  'windows-1252': 'Windows-1252 (Western)'
}
