import { describe, expect, it } from 'vitest'
import { parseCliArgs } from './cliArgs'

describe('parseCliArgs', () => {
  it('defaults to port 8787 on 127.0.0.1 with no limits', () => {
    expect(parseCliArgs([])).toEqual({
      ok: true,
      settings: {
        options: { port: 8787, host: '127.0.0.1', rotateRefreshTokens: false, ratePerSecond: null, dailyQuota: null },
        latencyMs: 0
      }
    })
  })

  it('reads every flag', () => {
    const parsed = parseCliArgs(
      ['--port', '0', '--token-ttl', '30', '--rotate-refresh', '--rate', '1', '--daily-quota', '3000', '--latency', '50', '--data-file', '/tmp/x.json']
    )
    expect(parsed).toEqual({
      ok: true,
      settings: {
        options: {
          port: 0,
          host: '127.0.0.1',
          tokenTtlSeconds: 30,
          rotateRefreshTokens: true,
          ratePerSecond: 1,
          dailyQuota: 3000,
          dataFile: '/tmp/x.json'
        },
        latencyMs: 50
      }
    })
  })

  it.each([
    [['--port', '70000'], '--port'],
    [['--token-ttl', '0'], '--token-ttl'],
    [['--rate', '1.5'], '--rate'],
    [['--latency', '-5'], '--latency'],
    [['--nope'], '--nope'],
    [['positional'], 'positional']
  ])('refuses %j, naming the problem', (args, named) => {
    const parsed = parseCliArgs(args)
    expect(parsed.ok).toBe(false)
    expect(!parsed.ok && parsed.message).toContain(named)
  })

  it('answers --help', () => {
    expect(parseCliArgs(['--help'])).toEqual({ ok: true, help: true })
  })
})
