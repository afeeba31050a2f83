import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect } from 'react'
import { useAppServices } from '../app/AppServicesContext'
import { useUiStore } from '../state/uiStore'
import { cacheFileIdentities, readKnownFiles, type KnownFile } from './fileIdentities'

/**
 * The files' names for the picker and the header: from this computer's copy at once (offline too),
 * refreshed from payroll whenever the clerk is signed in.
 */
export function useKnownFiles(): ReadonlyMap<number, KnownFile> | undefined {
  const { api, repo } = useAppServices()
  const signedIn = useUiStore((s) => s.session?.state === 'signed-in')
  useEffect(() => {
    if (!signedIn) return
    let current = true
    void api.listFileIdentities().then(async (result) => {
      if (current && result.ok) await cacheFileIdentities(repo.db, result.value, Date.now())
    })
    return () => {
      current = false
    }
  }, [api, repo, signedIn])
  return useLiveQuery(() => readKnownFiles(repo.db), [repo])
}
