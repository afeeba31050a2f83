import { Deflate } from 'fflate'

/**
 * Test support: zip archives written byte by byte, so a test can make the kinds an attacker would (a
 * central directory that lies about sizes, deflate streams that expand a thousandfold), which no zip
 * library writes on purpose.
 */
export interface HandMadeEntry {
  name: string
  /** Already compressed with `method` (8: deflate, 0: stored). */
  data: Uint8Array
  method: 0 | 8
  /** The inflated size the headers claim (a lie when the test wants one). */
  claimedSize: number
}

export function handMadeZip(entries: readonly HandMadeEntry[]): Uint8Array {
  const parts: Uint8Array[] = []
  const central: Uint8Array[] = []
  let offset = 0
  for (const entry of entries) {
    const name = new TextEncoder().encode(entry.name)
    // Signature, version, method, compressed and inflated sizes, name length: where each header keeps them.
    const local = header(30 + name.length, [[0, 4, 0x04034b50], [4, 2, 20], [8, 2, entry.method], [18, 4, entry.data.length], [22, 4, entry.claimedSize], [26, 2, name.length]])
    local.set(name, 30)
    const directoryEntry = header(46 + name.length, [
      [0, 4, 0x02014b50], [4, 2, 20], [6, 2, 20], [10, 2, entry.method], [20, 4, entry.data.length], [24, 4, entry.claimedSize], [28, 2, name.length], [42, 4, offset]
    ])
    directoryEntry.set(name, 46)
    central.push(directoryEntry)
    parts.push(local, entry.data)
    offset += local.length + entry.data.length
  }
  const directorySize = central.reduce((sum, part) => sum + part.length, 0)
  const end = header(22, [[0, 4, 0x06054b50], [8, 2, entries.length], [10, 2, entries.length], [12, 4, directorySize], [16, 4, offset]])
  return concat([...parts, ...central, end])
}

/** `megabytes` of one repeated byte, deflated as a stream (never held whole): about a thousandfold smaller. */
export function deflatedRepeats(megabytes: number, byte = 0x20): Uint8Array {
  const chunks: Uint8Array[] = []
  const deflate = new Deflate({ level: 9 })
  deflate.ondata = (chunk) => chunks.push(chunk)
  const block = new Uint8Array(1024 * 1024).fill(byte)
  for (let index = 0; index < megabytes; index += 1) deflate.push(block)
  deflate.push(new Uint8Array(0), true)
  return concat(chunks)
}

/** A zeroed header of `length` bytes with little-endian fields [offset, width in bytes, value] set. */
function header(length: number, fields: readonly [offset: number, width: 2 | 4, value: number][]): Uint8Array {
  const bytes = new Uint8Array(length)
  const view = new DataView(bytes.buffer)
  for (const [offset, width, value] of fields) {
    if (width === 2) view.setUint16(offset, value, true)
    else view.setUint32(offset, value, true)
  }
  return bytes
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const all = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0))
  let at = 0
  for (const part of parts) {
    all.set(part, at)
    at += part.length
  }
  return all
}
