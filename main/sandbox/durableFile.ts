import { promises as fsPromises } from 'node:fs'
import { basename, dirname } from 'node:path'

/**
 * Writes one whole file so that after a crash or power cut the file holds either the old text or the new
 * text, never half of either: a temporary file beside it is written and fsync'd, renamed over the old one,
 * and the directory fsync'd so the rename itself survives. A failed write removes its temporary file (a
 * full disk must not stay full because of our leftovers).
 */

/** The few file operations a durable write needs; tests wrap the real ones to inject a full disk. */
export interface DurableFs {
  open(path: string, flags: string, mode?: number): Promise<DurableHandle>
  rename(from: string, to: string): Promise<void>
  unlink(path: string): Promise<void>
  truncate(path: string, length: number): Promise<void>
}

export interface DurableHandle {
  writeFile(data: string): Promise<void>
  sync(): Promise<void>
  close(): Promise<void>
}

export const nodeDurableFs: DurableFs = {
  open: (path, flags, mode) => fsPromises.open(path, flags, mode),
  rename: (from, to) => fsPromises.rename(from, to),
  unlink: (path) => fsPromises.unlink(path),
  truncate: (path, length) => fsPromises.truncate(path, length)
}

let tmpCounter = 0

export function temporaryNameFor(path: string): string {
  return `${path}.tmp-${process.pid}-${++tmpCounter}`
}

export function isTemporaryNameOf(path: string, candidate: string): boolean {
  return candidate.startsWith(`${basename(path)}.tmp-`)
}

export async function writeFileDurably(fs: DurableFs, path: string, text: string): Promise<void> {
  const tmp = temporaryNameFor(path)
  try {
    const handle = await fs.open(tmp, 'w', 0o600)
    try {
      await handle.writeFile(text)
      await handle.sync()
    } finally {
      await handle.close()
    }
    await fs.rename(tmp, path)
  } catch (error) {
    await fs.unlink(tmp).catch(() => undefined)
    throw error
  }
  await syncDirectory(fs, dirname(path))
}

/**
 * Opens a file for appending (creating it), and makes its name durable: a journal whose first line was
 * fsync'd must not vanish with a crash because its directory entry had not reached the disk.
 */
export async function openForAppending(fs: DurableFs, path: string): Promise<DurableHandle> {
  const handle = await fs.open(path, 'a', 0o600)
  try {
    await syncDirectory(fs, dirname(path))
  } catch (error) {
    await handle.close()
    throw error
  }
  return handle
}

/** Appends and fsyncs: once this resolves, the text survives a crash or power cut. */
export async function appendDurably(handle: DurableHandle, text: string): Promise<void> {
  await handle.writeFile(text)
  await handle.sync()
}

/** Windows cannot open a directory for fsync; there the rename is as durable as the platform makes it. */
async function syncDirectory(fs: DurableFs, dir: string): Promise<void> {
  let handle: DurableHandle
  try {
    handle = await fs.open(dir, 'r')
  } catch (error) {
    if (isUnsupportedDirectorySync(error)) return
    throw error
  }
  try {
    await handle.sync()
  } catch (error) {
    if (!isUnsupportedDirectorySync(error)) throw error
  } finally {
    await handle.close()
  }
}

function isUnsupportedDirectorySync(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code
  return code === 'EISDIR' || code === 'EPERM' || code === 'EINVAL' || code === 'EACCES'
}
