import { useEffect, useState, type ReactNode } from 'react'
import type { BackendInfo, LeaveDeskApi } from '../../../shared/ipc'
import { PayrollFrame } from '../payroll/PracticeBand'
import { payrollToOpen } from '../payroll/payrollToOpen'
import { payrollKeyOf } from '../payroll/payrollDatabase'
import { WelcomeScreen } from '../payroll/WelcomeScreen'
import { CenteredScreen } from '../ui/CenteredScreen'
import { AppServicesContext } from './AppServicesContext'
import { openAppServices, type AppServices } from './openAppServices'
import { StartingScreen } from './StartingScreen'
import { StorageErrorScreen } from './StorageErrorScreen'

type Opening =
  | { state: 'opening' }
  | { state: 'choosing' }
  | { state: 'open'; services: AppServices; backend: BackendInfo }
  | { state: 'failed'; error: unknown }

/**
 * Asks main which payroll it talks to, then opens that payroll's drafts database and the sync runner
 * once, and renders the app with them; or, on first start, the welcome step; or says why it cannot.
 */
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
    const open = async (): Promise<Opening> => {
      const payroll = await payrollToOpen(props.api)
      if (payroll.state === 'choose') return { state: 'choosing' }
      return { state: 'open', services: await openAppServices(props.api, payroll.databaseName, payrollKeyOf(payroll.backend)), backend: payroll.backend }
    }
    open().then(
      (next) => current && setOpening(next),
      (error: unknown) => current && setOpening({ state: 'failed', error })
    )
    return () => {
      current = false
    }
  }, [props.api, attempt])

  const again = () => {
    setOpening({ state: 'opening' })
    setAttempt((n) => n + 1)
  }
  if (opening.state === 'opening') return <StartingScreen message="Opening your saved drafts…" />
  if (opening.state === 'choosing') return <WelcomeScreen api={props.api} onChosen={again} />
  if (opening.state === 'failed') return <StorageErrorScreen error={opening.error} onRetry={again} />
  return (
    <AppServicesContext.Provider value={opening.services}>
      <PayrollFrame backend={opening.backend}>{props.children}</PayrollFrame>
    </AppServicesContext.Provider>
  )
}
