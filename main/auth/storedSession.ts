import { z } from 'zod'

/**
 * What the token store keeps between runs. Times are epoch milliseconds from the session's clock.
 * `refreshIssuedAt` is when the current refresh token was first issued: the live API hands back the same
 * refresh token on every refresh, so its 12-month lifetime runs from the sign-in, not from the last refresh.
 */
export const oauthSessionSchema = z.object({
  method: z.literal('oauth'),
  username: z.string(),
  fileIds: z.array(z.number().int().positive()),
  accessToken: z.string().min(1),
  accessIssuedAt: z.number(),
  accessExpiresAt: z.number(),
  refreshToken: z.string().min(1),
  refreshIssuedAt: z.number()
})

/** The deprecated access-key method: one key for one file, nothing to refresh. */
export const legacySessionSchema = z.object({
  method: z.literal('legacy'),
  wsAccessKey: z.string().min(1),
  fileId: z.number().int().positive()
})

export const storedSessionSchema = z.discriminatedUnion('method', [oauthSessionSchema, legacySessionSchema])

export type OAuthSession = z.infer<typeof oauthSessionSchema>
export type LegacySession = z.infer<typeof legacySessionSchema>
export type StoredSession = z.infer<typeof storedSessionSchema>
