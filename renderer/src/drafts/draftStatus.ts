/** Where a draft is on its way to payroll (docs/architecture.md "Draft states"). */
export const DRAFT_STATUSES = ['draft', 'queued', 'sending', 'synced', 'needs-attention', 'uncertain', 'conflict'] as const
export type DraftStatus = (typeof DRAFT_STATUSES)[number]

export const draftStatusLabels: Readonly<Record<DraftStatus, string>> = {
  draft: 'Draft',
  queued: 'Queued',
  sending: 'Sending',
  synced: 'Synced',
  'needs-attention': 'Needs attention',
  uncertain: 'Uncertain',
  /** A pending change to a request in payroll, and payroll's copy changed since it was read. */
  conflict: 'Changed in payroll'
}
