import { useAppServices } from '../app/AppServicesContext'
import type { DraftRecord } from '../db'
import { useThrottledLiveQuery } from '../db/throttledLiveQuery'
import { useUiStore } from '../state/uiStore'
import type { ReferenceData } from '../reference/useReferenceData'
import { Icon } from '../ui/Icon'
import { clashWords } from './clashWords'
import { clashesOf, type DraftClash } from './draftClashes'

/** In the editor: every request of the same employee this one shares days with, each with a link to it. */
export function ClashNotice(props: { clashes: readonly DraftClash[]; reference: ReferenceData; alreadyOnItsWay?: boolean }) {
  const { clashes } = props
  if (clashes.length === 0) return null
  const exact = clashes.some((clash) => clash.exact)
  return (
    <div className="notice warning-notice clash-notice" role="status" data-testid="clash-notice">
      <Icon name="warning" />
      <div>
        <strong>{exact ? 'This looks like a duplicate.' : 'These dates overlap another request.'}</strong>{' '}
        {exact
          ? props.alreadyOnItsWay
            ? 'Payroll may get this leave twice: check it is meant.'
            : 'Queueing it will ask you to confirm.'
          : 'The employee would be away twice on the shared days.'}
        <ul>
          {clashes.map((clash) => (
            <li key={clash.other.id}>
              <button type="button" className="link-button" onClick={() => useUiStore.getState().selectDraft(clash.other.id)}>
                {clashWords(clash, props.reference)}
              </button>
            </li>
          ))}
        </ul>
      </div>
    </div>
  )
}

/** The notice for a stored request (the read-only view), reading its own clashes. */
export function StoredDraftClashNotice(props: { draft: DraftRecord; reference: ReferenceData }) {
  const { repo } = useAppServices()
  const clashes = useThrottledLiveQuery(() => clashesOf(repo.db, props.draft), [repo, props.draft])
  return <ClashNotice clashes={clashes ?? []} reference={props.reference} alreadyOnItsWay={props.draft.status !== 'draft' && props.draft.status !== 'needs-attention'} />
}
