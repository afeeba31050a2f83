import { useUiStore } from '../state/uiStore'
import type { ReferenceData } from '../reference/useReferenceData'
import { Icon } from '../ui/Icon'
import { clashWords } from './clashWords'
import type { DraftClash } from './draftClashes'

/** In the editor: every request of the same employee this one shares days with, each with a link to it. */
export function ClashNotice(props: { clashes: readonly DraftClash[]; reference: ReferenceData }) {
  const { clashes } = props
  if (clashes.length === 0) return null
  const exact = clashes.some((clash) => clash.exact)
  return (
    <div className="notice warning-notice clash-notice" role="status" data-testid="clash-notice">
      <Icon name="warning" />
      <div>
        <strong>{exact ? 'This looks like a duplicate.' : 'These dates overlap another request.'}</strong>{' '}
        {exact ? 'Queueing it will ask you to confirm.' : 'The employee would be away twice on the shared days.'}
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
