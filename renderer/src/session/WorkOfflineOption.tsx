import { useLiveQuery } from 'dexie-react-hooks'
import { useAppServices } from '../app/AppServicesContext'
import { formatAsOf } from '../format/formatting'
import { useUiStore } from '../state/uiStore'

/**
 * Signing in needs the network. When it is not there, a clerk who has worked in a file before can still
 * draft in it: the employees and leave types are cached. Offered only when there is such a cache.
 */
export function WorkOfflineOption(props: { fileId: number }) {
  const { repo } = useAppServices()
  const openFile = useUiStore((s) => s.openFile)
  const asOf = useLiveQuery(() => repo.referenceAsOf(props.fileId, 'employees'), [props.fileId])
  if (asOf === undefined) return null
  return (
    <section className="work-offline" aria-labelledby="work-offline-title">
      <h2 id="work-offline-title" className="notice-title">
        No connection?
      </h2>
      <p>
        You can draft leave requests in file {props.fileId} without signing in, using the employee list from{' '}
        {formatAsOf(asOf, Date.now())}. Sign in later to send them.
      </p>
      <button type="button" className="button" onClick={() => openFile(props.fileId)}>
        Work offline in file {props.fileId}
      </button>
    </section>
  )
}
