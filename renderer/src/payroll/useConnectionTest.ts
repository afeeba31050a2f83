import { useCallback, useRef, useState } from 'react'
import type { ConnectionReport, LeaveDeskApi } from '../../../shared/ipc'

export type ConnectionTestState =
  | { state: 'idle' }
  | { state: 'testing'; address: string }
  | { state: 'done'; address: string; result: ConnectionReport }
  | { state: 'failed'; address: string; message: string }

/**
 * "Test connection": asks main about an address; only the answer for the latest address asked is kept.
 * `run` also answers with what it found (null when the test failed or a later one overtook it).
 */
export function useConnectionTest(api: LeaveDeskApi) {
  const [test, setTest] = useState<ConnectionTestState>({ state: 'idle' })
  const latest = useRef(0)
  const run = useCallback(
    async (address: string): Promise<ConnectionReport | null> => {
      const ask = ++latest.current
      setTest({ state: 'testing', address })
      const answer = await api.testConnection(address)
      if (ask !== latest.current) return null
      setTest(answer.ok ? { state: 'done', address, result: answer.value } : { state: 'failed', address, message: answer.error.message })
      return answer.ok ? answer.value : null
    },
    [api]
  )
  const reset = useCallback(() => {
    latest.current += 1
    setTest({ state: 'idle' })
  }, [])
  return { test, run, reset }
}
