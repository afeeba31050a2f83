import { describe, expect, it } from 'vitest'
import { createProxySignIn, type ProxyCredentials } from './proxySignIn'

const proxyAsks = { isProxy: true, scheme: 'basic', host: 'proxy.office', port: 8080, realm: 'Office' }

function signInWith(answers: (ProxyCredentials | null)[]) {
  const asked: string[] = []
  const signIn = createProxySignIn({
    ask: async (proxy, realm) => (asked.push(`${proxy} ${realm}`), answers.shift() ?? null),
    log: () => {}
  })
  return { signIn, asked }
}

describe('a proxy’s Basic sign-in', () => {
  it('asks the clerk once for several waiting requests, then reuses the answer', async () => {
    const { signIn, asked } = signInWith([{ username: 'kim', password: 'p1' }])
    const [a, b] = await Promise.all([signIn.answer(proxyAsks), signIn.answer(proxyAsks)])
    expect(a).toEqual({ username: 'kim', password: 'p1' })
    expect(b).toEqual(a)
    expect(asked).toEqual(['proxy.office:8080 Office'])
  })

  it('asks again when the proxy turns the sign-in down, and cancels when the clerk does', async () => {
    const { signIn, asked } = signInWith([{ username: 'kim', password: 'wrong' }, { username: 'kim', password: 'right' }, null])
    expect(await signIn.answer(proxyAsks)).toEqual({ username: 'kim', password: 'wrong' })
    // Chromium asks again: the last answer was refused.
    expect(await signIn.answer(proxyAsks)).toEqual({ username: 'kim', password: 'right' })
    expect(await signIn.answer(proxyAsks)).toBeNull()
    expect(asked).toHaveLength(3)
  })

  it('a second session (the writes’ own) gets the remembered answer without asking; asking again there is a turn-down', async () => {
    const { signIn, asked } = signInWith([{ username: 'kim', password: 'p1' }, { username: 'kim', password: 'p2' }])
    expect(await signIn.answer(proxyAsks)).toEqual({ username: 'kim', password: 'p1' })
    expect(await signIn.answer(proxyAsks, 'leave-desk-writes')).toEqual({ username: 'kim', password: 'p1' })
    expect(asked).toHaveLength(1)
    expect(await signIn.answer(proxyAsks, 'leave-desk-writes')).toEqual({ username: 'kim', password: 'p2' })
    expect(asked).toHaveLength(2)
  })

  it('never answers a server (not a proxy) asking for Basic: payroll signs in with tokens', async () => {
    const { signIn, asked } = signInWith([{ username: 'kim', password: 'p1' }])
    let given: unknown[] = ['not called']
    signIn.handle({ ...proxyAsks, isProxy: false }, (...args) => (given = args))
    await new Promise((resolve) => setImmediate(resolve))
    expect(given).toEqual([])
    expect(asked).toEqual([])
  })
})
