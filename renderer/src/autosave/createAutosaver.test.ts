import { describe, expect, it } from 'vitest'
import { createAutosaver } from './createAutosaver'

/** A write whose end the test decides, recording what was written in which order. */
function controlledWrites() {
  const written: string[] = []
  const ends: (() => void)[] = []
  const write = (id: string, value: string) =>
    new Promise<void>((resolve) => {
      written.push(`${id}:${value}`)
      ends.push(resolve)
    })
  const endNext = async () => {
    ends.shift()?.()
    await new Promise((resolve) => setTimeout(resolve, 0))
  }
  return { written, write, endNext }
}

/** The autosaver as the editor makes it, writing through writes the test ends. */
function saverOverControlledWrites() {
  const writes = controlledWrites()
  return { writes, saver: createAutosaver({ write: writes.write, onError: () => {} }) }
}

describe('createAutosaver', () => {
  it('writes the first change at once and, of a burst typed during that write, only the newest', async () => {
    const { writes, saver } = saverOverControlledWrites()
    saver.save('a', 'L')
    saver.save('a', 'Le')
    saver.save('a', 'Lea')
    expect(writes.written).toEqual(['a:L'])
    await writes.endNext()
    expect(writes.written).toEqual(['a:L', 'a:Lea'])
    await writes.endNext()
    await saver.whenIdle()
    expect(writes.written).toEqual(['a:L', 'a:Lea'])
  })

  it('never holds one draft’s save behind another’s', () => {
    const { writes, saver } = saverOverControlledWrites()
    saver.save('a', '1')
    saver.save('b', '1')
    expect(writes.written).toEqual(['a:1', 'b:1'])
  })

  it('on flushNow starts the waiting write without waiting for the one in flight', () => {
    const { writes, saver } = saverOverControlledWrites()
    saver.save('a', 'first')
    saver.save('a', 'last keystroke')
    saver.flushNow()
    expect(writes.written).toEqual(['a:first', 'a:last keystroke'])
  })

  it('reports a failed write and still writes the next change', async () => {
    const failures: string[] = []
    let fail = true
    const written: string[] = []
    const saver = createAutosaver<string>({
      write: async (_id, value) => {
        if (fail) throw new Error('QuotaExceededError')
        written.push(value)
      },
      onError: (id, error) => failures.push(`${id}: ${(error as Error).message}`)
    })
    saver.save('a', 'lost')
    await saver.whenIdle()
    fail = false
    saver.save('a', 'kept')
    await saver.whenIdle()
    expect(failures).toEqual(['a: QuotaExceededError'])
    expect(written).toEqual(['kept'])
  })

  it('whenIdle waits for the coalesced write too', async () => {
    const written: string[] = []
    const saver = createAutosaver<string>({
      write: async (_id, value) => {
        await new Promise((resolve) => setTimeout(resolve, 1))
        written.push(value)
      },
      onError: () => {}
    })
    saver.save('a', 'one')
    saver.save('a', 'two')
    await saver.whenIdle()
    expect(written).toEqual(['one', 'two'])
  })
})
