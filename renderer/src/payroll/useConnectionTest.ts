import { useCallback, useRef, useState } from 'react'
import type { ConnectionReport, LeaveDeskApi } from '../../../shared/ipc'

export type ConnectionTestState =
  | { state: 'idle' }
  | { state: 'testing'; address: string }
  | { state: 'done'; address: string; result: ConnectionReport }
  | { state: 'failed'; address: string; message: string }

/** "Test connection": asks main about an address; only the answer for the latest address asked is kept. */
export function useConnectionTest(api: LeaveDeskApi) {
  const [test, setTest] = useState<ConnectionTestState>({ state: 'idle' })
  const latest = useRef(0)
  const run = useCallback(
    async (address: string) => {
      const ask = ++latest.current
      setTest({ state: 'testing', address })
      const answer = await api.testConnection(address)
      if (ask !== latest.current) return
      setTest(answer.ok ? { state: 'done', address, result: answer.value } : { state: 'failed', address, message: answer.error.message })
    },
    [api]
  )
  const reset = useCallback(() => {
    latest.current += 1
    setTest({ state: 'idle' })
  }, [])
  return { test, run, reset }
}
