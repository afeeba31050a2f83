import { MAX_RENOUNCED_KEYS } from '../../../shared/ipc/writesInFlight'
import type { QueueStore } from '../db'
import { requestKeyOf } from './requestKeys'
import type { SyncApi } from './syncTypes'

/**
 * Before recovery makes every draft still 'sending' uncertain (a page died mid-batch): those claimed
 * under the run of main still running are named to main, and those it renounces (it never received
 * their request, and now never will send it) go back to the queue. A claim from an earlier run of main,
 * or made while its boot id was unknown, is left to recovery: nobody can say whether it left.
 * Call it under the runner's lock, just before queue.recoverInterruptedSends(). Answers how many went back.
 */
export async function giveBackUnsentClaims(
  api: Pick<SyncApi, 'renounceWrites'>,
  queue: Pick<QueueStore, 'claimsUnder' | 'giveBackRenounced'>,
  boot: string | undefined
): Promise<number> {
  if (boot === undefined || !api.renounceWrites) return 0
  const claims = await queue.claimsUnder(boot)
  let givenBack = 0
  for (let start = 0; start < claims.length; start += MAX_RENOUNCED_KEYS) {
    const chunk = claims.slice(start, start + MAX_RENOUNCED_KEYS)
    const answer = await api.renounceWrites(boot, chunk.map(requestKeyOf)).catch(() => undefined)
    // No answer is no promise: these stay for recovery, which assumes they may have left.
    if (!answer?.ok) continue
    const renounced = new Set(answer.value.renounced)
    givenBack += await queue.giveBackRenounced(chunk.filter((claim) => renounced.has(requestKeyOf(claim))))
  }
  return givenBack
}

/**
 * main's boot id, or undefined when main cannot say (claims then record none, and are never renounced);
 * with it, how many named writes main puts on the wire at once (undefined: it holds none back).
 */
export async function mainBootOf(api: Pick<SyncApi, 'getMainBoot'>): Promise<{ bootId: string; wireWrites?: number } | undefined> {
  if (!api.getMainBoot) return undefined
  const answer = await api.getMainBoot().catch(() => undefined)
  return answer?.ok ? answer.value : undefined
}
