import { nodeDurableFs, type DurableFs } from './durableFile'

/**
 * A simulated full disk for the sandbox's data file and journal: while it is on, a write creates its file, gets part
 * of the text out and then fails with ENOSPC, as a real full disk does. Everything else is the real
 * file system, so what the sandbox leaves behind on failure is what it would leave on a real one.
 */
export class DiskFault {
  private full = false

  setFull(full: boolean): void {
    this.full = full
  }

  readonly fs: DurableFs = {
    open: async (path, flags, mode) => {
      const handle = await nodeDurableFs.open(path, flags, mode)
      return {
        writeFile: async (data) => {
          if (!this.full) return handle.writeFile(data)
          await handle.writeFile(data.slice(0, Math.floor(data.length / 2)))
          throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' })
        },
        sync: () => handle.sync(),
        close: () => handle.close()
      }
    },
    rename: (from, to) => nodeDurableFs.rename(from, to),
    unlink: (path) => nodeDurableFs.unlink(path),
    truncate: (path, length) => nodeDurableFs.truncate(path, length)
  }
}
