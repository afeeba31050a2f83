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
    const local = header(30 + name.length, (view) => {
      view.setUint32(0, 0x04034b50, true)
      view.setUint16(4, 20, true)
      view.setUint16(8, entry.method, true)
      view.setUint32(18, entry.data.length, true)
      view.setUint32(22, entry.claimedSize, true)
      view.setUint16(26, name.length, true)
    })
    local.set(name, 30)
    central.push(
      withName(
        header(46 + name.length, (view) => {
          view.setUint32(0, 0x02014b50, true)
          view.setUint16(4, 20, true)
          view.setUint16(6, 20, true)
          view.setUint16(10, entry.method, true)
          view.setUint32(20, entry.data.length, true)
          view.setUint32(24, entry.claimedSize, true)
          view.setUint16(28, name.length, true)
          view.setUint32(42, offset, true)
        }),
        name,
        46
      )
    )
    parts.push(local, entry.data)
    offset += local.length + entry.data.length
  }
  const directorySize = central.reduce((sum, part) => sum + part.length, 0)
  const end = header(22, (view) => {
    view.setUint32(0, 0x06054b50, true)
    view.setUint16(8, entries.length, true)
    view.setUint16(10, entries.length, true)
    view.setUint32(12, directorySize, true)
    view.setUint32(16, offset, true)
  })
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

function header(length: number, write: (view: DataView) => void): Uint8Array {
  const bytes = new Uint8Array(length)
  write(new DataView(bytes.buffer))
  return bytes
}

function withName(bytes: Uint8Array, name: Uint8Array, at: number): Uint8Array {
  bytes.set(name, at)
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
