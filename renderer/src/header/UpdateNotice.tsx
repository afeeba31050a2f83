import { useEffect, useState } from 'react'
import type { LeaveDeskApi, UpdateStatus } from '../../../shared/ipc'
import { useAppServices } from '../app/AppServicesContext'
import { Icon } from '../ui/Icon'
import { updateNoticeView, type RestartRequest } from './updateNoticeView'
import { watchUpdateStatus } from './watchUpdateStatus'

/** "Version X is ready. Restart to update" in the header, once main has downloaded a release. */
export function UpdateNotice() {
  const { api } = useAppServices()
  const [status, setStatus] = useState<UpdateStatus>({ state: 'none' })
  const [request, setRequest] = useState<RestartRequest>({ kind: 'idle' })
  // Whatever main says next (held back, failed, waiting) replaces what the last click led to.
  useEffect(
    () =>
      watchUpdateStatus(api, (next) => {
        setStatus(next)
        setRequest({ kind: 'idle' })
      }),
    [api]
  )
  return <UpdateNoticeView status={status} request={request} onRestart={() => void restart(api, setRequest)} />
}

async function restart(api: Pick<LeaveDeskApi, 'restartToUpdate'>, setRequest: (request: RestartRequest) => void): Promise<void> {
  const answer = await api.restartToUpdate().catch(() => null)
  if (!answer) setRequest({ kind: 'refused', message: 'Leave Desk could not restart just now. Try again, or quit to update.' })
  else if (!answer.ok) setRequest({ kind: 'refused', message: answer.error.message })
  // Waiting for requests being sent: main's status says so (and how many); nothing to add here.
  else setRequest(answer.value.restarting ? { kind: 'restarting' } : { kind: 'idle' })
}

export function UpdateNoticeView(props: { status: UpdateStatus; request: RestartRequest; onRestart: () => void }) {
  const view = updateNoticeView(props.status, props.request)
  if (!view) return null
  return (
    <div className="update-notice" data-testid="update-notice">
      <p role="status">
        <Icon name="refresh" />
        <span>{view.text}</span>
      </p>
      {view.canRestart && (
        <button type="button" className="button small primary" onClick={props.onRestart}>
          Restart to update
        </button>
      )}
    </div>
  )
}
