/**
 * At most `size` of the queue's writes on the wire at once, the others waiting in main in the order
 * they came. The page hands main its next claimed writes before a place is free (more than `size` of
 * them), so the moment an answer frees a place the next write leaves from main itself, without first
 * crossing the page→main hop: the wire does not idle between requests.
 *
 * A write waiting here has not been sent, so it can still be WITHDRAWN (a reloaded page renounces it, or
 * a batch that stops takes back what it handed over): it then never leaves. Once it has its place it is
 * on the wire (or about to be) and can no longer be withdrawn.
 */
export interface WirePlace {
  /** Resolves true when the write has its place on the wire, false when it was withdrawn first. */
  readonly turn: Promise<boolean>
  /** True once it has its place (at once when one was free). */
  onWire(): boolean
  /** True when it was still waiting and now never leaves; false when it already has its place (or was withdrawn). */
  withdraw(): boolean
  /** Gives the place back once the answer is in (or the write is done with it); safe to call more than once. */
  leave(): void
}

export interface WirePool {
  /** Places on the wire. */
  readonly size: number
  /** Joins the line for a place on the wire. */
  join(): WirePlace
  /** Writes holding a place right now. */
  onWire(): number
  /** Writes waiting for a place. */
  waiting(): number
  /** No write gets a place for `ms` (places freed meanwhile wait too); then the line moves again. */
  pause(ms: number): void
}

/** The queue's writes on the wire at once: the page's default concurrency (renderer/src/sync/syncRunner.ts). */
export const WIRE_WRITES_AT_ONCE = 4

export function createWirePool(size: number = WIRE_WRITES_AT_ONCE): WirePool {
  const places = Math.max(1, Math.floor(size) || 1)
  let taken = 0
  const line: { admit: () => void }[] = []
  let pausedUntil: ReturnType<typeof setTimeout> | undefined

  const admitNext = () => {
    while (pausedUntil === undefined && taken < places && line.length > 0) {
      taken += 1
      line.shift()?.admit()
    }
  }

  return {
    size: places,
    onWire: () => taken,
    waiting: () => line.length,
    pause(ms) {
      clearTimeout(pausedUntil)
      pausedUntil = setTimeout(() => {
        pausedUntil = undefined
        admitNext()
      }, ms)
    },
    join() {
      let state: 'waiting' | 'on-wire' | 'withdrawn' | 'left' = 'waiting'
      let settle: (admitted: boolean) => void = () => undefined
      const turn = new Promise<boolean>((resolve) => {
        settle = resolve
      })
      const entry = {
        admit: () => {
          state = 'on-wire'
          settle(true)
        }
      }
      line.push(entry)
      admitNext()
      return {
        turn,
        onWire: () => state === 'on-wire',
        withdraw() {
          if (state !== 'waiting') return false
          state = 'withdrawn'
          line.splice(line.indexOf(entry), 1)
          settle(false)
          return true
        },
        leave() {
          if (state !== 'on-wire') return
          state = 'left'
          taken -= 1
          admitNext()
        }
      }
    }
  }
}
