import { policySchema, type MachinePolicy } from './policySchema'
import { readRawPolicy, type PolicyReaders } from './policySources'

/**
 * The machine's policy as the app applies it: all of it or none of it. A policy that cannot be read or
 * has any value wrong is not applied at all (half a policy could unlock what IT meant to lock, or lock
 * the wrong value); the problem is logged and shown in Settings, and the app runs on the clerk's settings.
 */
export interface PolicyReading {
  policy: MachinePolicy
  /** Where it came from (registry key, file), or null when the machine has none. */
  source: string | null
  /** Why the machine's policy was not applied, in words IT can act on; null when it was (or there is none). */
  problem: string | null
}

export const NO_POLICY: PolicyReading = { policy: {}, source: null, problem: null }

export async function readMachinePolicy(readers: PolicyReaders): Promise<PolicyReading> {
  let raw
  try {
    raw = await readRawPolicy(readers)
  } catch (error) {
    return { policy: {}, source: null, problem: `The machine policy could not be read (${error instanceof Error ? error.message : String(error)}); it is not applied.` }
  }
  if (raw === null) return NO_POLICY
  if (raw.values instanceof Error) return { policy: {}, source: raw.source, problem: `The machine policy in ${raw.source} is ${raw.values.message}; it is not applied.` }
  const parsed = policySchema.safeParse(raw.values)
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) =>
      issue.code === 'unrecognized_keys' ? `unknown key ${issue.keys.join(', ')}` : `${issue.path.join('.') || 'policy'}: ${issue.message}`
    )
    return { policy: {}, source: raw.source, problem: `The machine policy in ${raw.source} is not applied: ${issues.join('; ')}.` }
  }
  return { policy: parsed.data, source: raw.source, problem: null }
}
