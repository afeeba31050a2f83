import { useEffect } from 'react'
import { useStore } from 'zustand'
import { useAppServices } from '../app/AppServicesContext'
import { closePageTeamLedger, openPageTeamLedger, pageTeamLedgerStore, type PageTeamLedger } from './pageTeamLedger'

/** The workspace opens the file's team ledger (when a team server is set up) and closes it on leaving. */
export function useOpenTeamLedger(fileId: number): void {
  const { api, repo, databaseName } = useAppServices()
  useEffect(() => {
    void openPageTeamLedger({ api, repo, databaseName, fileId })
    return () => void closePageTeamLedger()
  }, [api, repo, databaseName, fileId])
}

/** The open ledger, or null (no team server, or not open yet). */
export function usePageTeamLedger(): PageTeamLedger | null {
  return useStore(pageTeamLedgerStore, (state) => state.current)
}
