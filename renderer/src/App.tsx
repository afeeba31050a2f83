import { useEffect, useState } from 'react'
import type { AppInfo, SessionStatus } from '../../shared/ipc'

/** Placeholder until the real UI lands: proves the page reaches main through `window.leaveDesk`. */
export function App() {
  const [session, setSession] = useState<SessionStatus | null>(null)
  const [info, setInfo] = useState<AppInfo | null>(null)
  const api = window.leaveDesk

  useEffect(() => {
    if (!api) return
    void api.getSessionStatus().then((result) => result.ok && setSession(result.data))
    void api.getAppInfo().then((result) => result.ok && setInfo(result.data))
    return api.onSessionChanged(setSession)
  }, [api])

  return (
    <main>
      <h1>Leave Desk</h1>
      {!api ? (
        <p>This page must be opened inside the Leave Desk app.</p>
      ) : (
        <>
          <p data-testid="session-status">{describeSession(session)}</p>
          {info && <p data-testid="backend">{describeBackend(info)}</p>}
        </>
      )}
    </main>
  )
}

function describeSession(session: SessionStatus | null): string {
  if (!session) return 'Checking the session…'
  if (session.state === 'signed-out') return 'Signed out'
  return `Signed in${session.username ? ` as ${session.username}` : ''} (files ${session.fileIds.join(', ')})`
}

function describeBackend(info: AppInfo): string {
  return info.backend.kind === 'embedded-sandbox'
    ? `Demo data (built-in sandbox). Try ${info.backend.demoCredentials.clerk.username} / ${info.backend.demoCredentials.clerk.password}.`
    : `Payroll API: ${info.backend.baseUrl}`
}
