import type { FastifyRequest } from 'fastify'

/** The file an API request was admitted to, recorded by the access hook before any handler runs. */
const admitted = new WeakMap<FastifyRequest, number>()

export function admitToFile(request: FastifyRequest, fileId: number): void {
  admitted.set(request, fileId)
}

export function fileOf(request: FastifyRequest): number {
  const fileId = admitted.get(request)
  if (fileId === undefined) throw new Error('An API handler ran without the access check.')
  return fileId
}

/** The files an account-level request (`GET /FileIdentities`) may list, recorded by the access hook. */
const accountFiles = new WeakMap<FastifyRequest, number[]>()

export function admitToAccount(request: FastifyRequest, fileIds: number[]): void {
  accountFiles.set(request, fileIds)
}

export function accountFilesOf(request: FastifyRequest): number[] {
  const fileIds = accountFiles.get(request)
  if (fileIds === undefined) throw new Error('An account handler ran without the access check.')
  return fileIds
}

/** Query parameters with lower-cased names (the sandbox's querystring parser makes them so). */
export function queryOf(request: FastifyRequest): Record<string, string | undefined> {
  return (request.query ?? {}) as Record<string, string | undefined>
}

/**
 * The caller's own spelling of a query parameter (names arrive lower-cased): `pagesize` stays `pagesize`
 * in paging links and error messages, as the caller wrote it. `fallback` when the caller did not send it.
 */
export function spellingOf(request: FastifyRequest): (lowerName: string, fallback?: string) => string {
  const names = [...new URLSearchParams(request.url.split('?')[1] ?? '').keys()]
  return (lowerName, fallback) => names.find((name) => name.toLowerCase() === lowerName) ?? fallback ?? lowerName
}
