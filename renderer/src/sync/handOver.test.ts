import { describe, expect, it } from 'vitest'
import { createHandOver, wasRenounced } from './handOver'

/** A stand-in for main's bridge: writes answered when the test says, renouncements recorded. */
function bridge() {
  const answers = new Map<string, () => void>()
  const renouncements: { bootId: string; requestKeys: string[] }[] = []
  const sent: string[] = []
  const accepted = { ok: true as const, value: { Id: 1, LastModifiedDateUtc: '' } }
  return {
    sent,
    renouncements,
    answer: (key: string) => answers.get(key)?.(),
    api: {
      insertLeaveRequest: (_fileId: number, _body: unknown, requestKey: string) => {
        sent.push(requestKey)
        return new Promise<typeof accepted>((resolve) => answers.set(requestKey, () => resolve(accepted)))
      },
      getLeaveRequest: async (_fileId: number, id: number) => ({ ok: true as const, value: { Id: id } }),
      renounceWrites: async (bootId: string, requestKeys: string[]) => {
        renouncements.push({ bootId, requestKeys })
        return { ok: true as const, value: { renounced: requestKeys } }
      }
    }
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('the writes a batch hands over to main', () => {
  it('asks main to take back only the writes it has no answer for, naming the boot they were claimed under', async () => {
    const main = bridge()
    const handOver = createHandOver(main.api, { stopped: () => false, mainBoot: () => 'boot-a' })
    void handOver.api.insertLeaveRequest(1001, {}, 'a:1')
    void handOver.api.insertLeaveRequest(1001, {}, 'b:1')
    main.answer('a:1')
    await settle()
    handOver.takeBackWaiting()
    expect(main.renouncements).toEqual([{ bootId: 'boot-a', requestKeys: ['b:1'] }])
  })

  it('hands nothing more over once the batch has stopped: the write answers "never sent" and main never sees it', async () => {
    const main = bridge()
    let stopped = false
    const handOver = createHandOver(main.api, { stopped: () => stopped, mainBoot: () => 'boot-a' })
    stopped = true
    const answer = await handOver.api.insertLeaveRequest(1001, {}, 'c:1')
    expect(wasRenounced(answer)).toBe(true)
    expect(main.sent).toEqual([])
    // Reads are not writes: they still go.
    expect(await handOver.api.getLeaveRequest(1001, 7)).toEqual({ ok: true, value: { Id: 7 } })
  })

  it('renounces nothing when main gave no boot id (its claims could not be renounced either)', () => {
    const main = bridge()
    const handOver = createHandOver(main.api, { stopped: () => false, mainBoot: () => undefined })
    void handOver.api.insertLeaveRequest(1001, {}, 'd:1')
    handOver.takeBackWaiting()
    expect(main.renouncements).toEqual([])
  })
})
