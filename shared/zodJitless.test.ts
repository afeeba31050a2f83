import { describe, expect, it } from 'vitest'

describe('zod without JIT', () => {
  it('never constructs a Function (the CSP would block and report it)', async () => {
    const constructed: unknown[][] = []
    const original = globalThis.Function
    globalThis.Function = new Proxy(original, {
      construct(target, args: unknown[]) {
        constructed.push(args)
        return Reflect.construct(target, args) as object
      }
    })
    try {
      await import('./zodJitless')
      const { contactSchema } = await import('./apiSchemas')
      expect(contactSchema.safeParse({}).success).toBe(false)
      const { z } = await import('zod')
      expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' })
    } finally {
      globalThis.Function = original
    }
    expect(constructed).toEqual([])
  })
})
