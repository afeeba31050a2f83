import { useEffect, useState, type ReactNode } from 'react'
import type { LeaveDeskApi } from '../../../shared/ipc'
import { CenteredScreen } from '../ui/CenteredScreen'
import { AppServicesContext } from './AppServicesContext'
import { openAppServices, type AppServices } from './openAppServices'
import { StartingScreen } from './StartingScreen'
import { StorageErrorScreen } from './StorageErrorScreen'

type Opening = { state: 'opening' } | { state: 'open'; services: AppServices } | { state: 'failed'; error: unknown }

/** Opens the database and the sync runner once, then renders the app with them; or says why it cannot. */
export function Bootstrap(props: { children: ReactNode }) {
  const api = window.leaveDesk
  if (!api) {
    return (
      <CenteredScreen title="Leave Desk" role="alert">
        <p>This page only works inside the Leave Desk app. Open Leave Desk from your applications menu.</p>
      </CenteredScreen>
    )
  }
  return <OpenServices api={api}>{props.children}</OpenServices>
}

function OpenServices(props: { api: LeaveDeskApi; children: ReactNode }) {
  const [attempt, setAttempt] = useState(0)
  const [opening, setOpening] = useState<Opening>({ state: 'opening' })

  useEffect(() => {
    let current = true
    openAppServices(props.api).then(
      (services) => current && setOpening({ state: 'open', services }),
      (error: unknown) => current && setOpening({ state: 'failed', error })
    )
    return () => {
      current = false
    }
  }, [props.api, attempt])

  if (opening.state === 'opening') return <StartingScreen message="Opening your saved drafts…" />
  if (opening.state === 'failed') {
    const retry = () => {
      setOpening({ state: 'opening' })
      setAttempt((n) => n + 1)
    }
    return <StorageErrorScreen error={opening.error} onRetry={retry} />
  }
  return <AppServicesContext.Provider value={opening.services}>{props.children}</AppServicesContext.Provider>
}
