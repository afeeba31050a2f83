import { useMemo } from 'react'
import { createDraftActions } from '../actions/draftActions'
import { useAppServices } from '../app/AppServicesContext'
import { useDropUntouchedDrafts } from '../app/useDropUntouchedDrafts'
import { useDraftAutosaver } from '../autosave/useDraftAutosaver'
import { EditorPane } from '../editor/EditorPane'
import { AppHeader } from '../header/AppHeader'
import { HelpDialog } from '../keyboard/HelpDialog'
import { DecisionDialog } from '../inPayroll/DecisionDialog'
import { OpenByNumberDialog } from '../inPayroll/OpenByNumberDialog'
import { LinkOfferDialog } from '../inPayroll/LinkOfferDialog'
import { useShortcuts } from '../keyboard/useShortcuts'
import { DraftsPane } from '../list/DraftsPane'
import { focusDraftsList } from '../list/DraftsList'
import { useReferenceData } from '../reference/useReferenceData'
import { useReferenceRefresh } from '../reference/useReferenceRefresh'
import { HolidayRegionPrompt } from '../safeguards/HolidayRegionPrompt'
import { SafeguardDialogs } from '../safeguards/SafeguardDialogs'
import { KeyringOptInPrompt } from '../session/KeyringOptInPrompt'
import { SignInExpiryNotice } from '../session/SignInExpiryNotice'
import { ToastRegion } from '../toast/ToastRegion'
import { useOpenTeamLedger } from '../team/useTeamLedger'

/** The clerk's day: the drafts of one file on the left, the open one on the right. */
export function Workspace(props: { fileId: number }) {
  const { repo, api } = useAppServices()
  const autosaver = useDraftAutosaver()
  const actions = useMemo(
    () => createDraftActions({ repo, api, fileId: props.fileId, autosaver, focusList: focusDraftsList }),
    [repo, api, props.fileId, autosaver]
  )
  const reference = useReferenceData(props.fileId)
  const refresh = useReferenceRefresh(props.fileId)
  useShortcuts(actions)
  useDropUntouchedDrafts(repo, autosaver, props.fileId)
  useOpenTeamLedger(props.fileId)

  return (
    <div className="workspace">
      <AppHeader fileId={props.fileId} />
      <KeyringOptInPrompt />
      <SignInExpiryNotice />
      <HolidayRegionPrompt fileId={props.fileId} />
      <main className="workspace-main">
        <DraftsPane fileId={props.fileId} actions={actions} reference={reference} refresh={refresh} />
        <EditorPane fileId={props.fileId} reference={reference} autosaver={autosaver} actions={actions} />
      </main>
      <ToastRegion onUndo={() => void actions.undoDelete()} />
      <HelpDialog />
      <SafeguardDialogs fileId={props.fileId} reference={reference} actions={actions} />
      <DecisionDialog actions={actions} />
      <OpenByNumberDialog actions={actions} />
      <LinkOfferDialog actions={actions} />
    </div>
  )
}
