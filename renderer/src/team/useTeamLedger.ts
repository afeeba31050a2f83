import { useEffect } from 'react'
import { useStore } from 'zustand'
import { useAppServices } from '../app/AppServicesContext'
import { useUiStore } from '../state/uiStore'
import { closePageTeamLedger, openPageTeamLedger, pageTeamLedgerStore, type PageTeamLedger } from './pageTeamLedger'

/** The workspace opens the file's team ledger (when a team server is set up) and closes it on leaving. */
export function useOpenTeamLedger(fileId: number): void {
  const { api, repo, databaseName } = useAppServices()
  // Unknown until the app's info arrives: nothing opens before it is known which team this payroll has.
  const practice = useUiStore((s) => (s.appInfo ? s.appInfo.backend.kind === 'embedded-sandbox' : undefined))
  useEffect(() => {
    if (practice === undefined) return
    void openPageTeamLedger({ api, repo, databaseName, fileId, practice })
    return () => void closePageTeamLedger()
  }, [api, repo, databaseName, fileId, practice])
}

/** The open ledger, or null (no team server, or not open yet). */
export function usePageTeamLedger(): PageTeamLedger | null {
  return useStore(pageTeamLedgerStore, (state) => state.current)
}
