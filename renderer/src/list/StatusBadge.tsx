import { draftStatusLabels, type DraftStatus } from '../drafts/draftStatus'
import { Icon, type IconName } from '../ui/Icon'

const ICONS: Readonly<Record<DraftStatus, IconName>> = {
  draft: 'draft',
  queued: 'queued',
  sending: 'sending',
  synced: 'synced',
  'needs-attention': 'attention',
  uncertain: 'uncertain',
  conflict: 'warning'
}

/** The status in words and an icon; the colour only repeats what they say. */
export function StatusBadge(props: { status: DraftStatus }) {
  return (
    <span className={`status-badge status-${props.status}`}>
      <Icon name={ICONS[props.status]} />
      {draftStatusLabels[props.status]}
    </span>
  )
}
