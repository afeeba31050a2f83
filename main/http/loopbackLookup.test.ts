import { createServer, type Server } from 'node:http'
import type { AddressInfo, LookupFunction } from 'node:net'
import { request } from 'undici'
import { afterEach, describe, expect, it } from 'vitest'
import { NOT_LOOPBACK } from './loopbackLookup'
import { createNetworkDispatcher } from './networkDispatcher'

/**
 * `http://localhost` is trusted (plain http, tokens in clear) only while the name points at this computer.
 * The resolver is a stand-in naming where "localhost" goes; the server listens on 127.0.0.1.
 */
const closers: (() => Promise<unknown>)[] = []
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()))
})

async function countingServer(): Promise<{ port: number; seen: () => number }> {
  let seen = 0
  const server: Server = createServer((_request, response) => {
    seen += 1
    response.end('ok')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  closers.push(() => new Promise((resolve) => server.close(resolve)))
  return { port: (server.address() as AddressInfo).port, seen: () => seen }
}

function resolvingLocalhostTo(address: string, family: 4 | 6 = 4): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) (callback as (error: null, addresses: { address: string; family: number }[]) => void)(null, [{ address, family }])
    else callback(null, address, family)
  }
}

async function getThrough(lookup: LookupFunction, port: number) {
  const dispatcher = createNetworkDispatcher({
    lookup,
    connectTimeoutMs: 3_000,
    // A system proxy that would take everything: this computer is still reached directly.
    resolveProxy: async () => 'PROXY 127.0.0.1:9; DIRECT'
  })
  closers.push(() => dispatcher.close())
  return request(`http://localhost:${port}/`, { dispatcher }).then(
    async (answer) => ({ ok: true as const, status: answer.statusCode, body: await answer.body.text() }),
    (error: unknown) => ({ ok: false as const, error: error as Error & { code?: string } })
  )
}

describe('plain http to localhost', () => {
  it('goes through when localhost resolves to a loopback address (direct, never through the proxy)', async () => {
    const server = await countingServer()
    expect(await getThrough(resolvingLocalhostTo('127.0.0.1'), server.port)).toEqual({ ok: true, status: 200, body: 'ok' })
    expect(server.seen()).toBe(1)
  })

  it('is refused before connecting when localhost resolves off this computer, saying where it pointed', async () => {
    const server = await countingServer()
    const outcome = await getThrough(resolvingLocalhostTo('192.0.2.10'), server.port)
    expect(outcome.ok).toBe(false)
    if (outcome.ok) return
    const codes = [outcome.error.code, (outcome.error.cause as { code?: string } | undefined)?.code]
    expect(codes).toContain(NOT_LOOPBACK)
    expect(String(outcome.error.message) + String((outcome.error.cause as Error | undefined)?.message)).toContain('192.0.2.10')
    expect(server.seen()).toBe(0)
  })

  it('is refused when any address localhost resolves to is off this computer', async () => {
    const server = await countingServer()
    const mixed: LookupFunction = (_hostname, _options, callback) =>
      (callback as (error: null, addresses: { address: string; family: number }[]) => void)(null, [
        { address: '127.0.0.1', family: 4 },
        { address: '2001:db8::1', family: 6 }
      ])
    const outcome = await getThrough(mixed, server.port)
    expect(outcome.ok).toBe(false)
    expect(server.seen()).toBe(0)
  })
})
