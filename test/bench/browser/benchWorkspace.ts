import { createElement, useEffect, type ReactElement } from 'react'
import type { AppServices } from '../../../renderer/src/app/openAppServices'
import type { Autosaver } from '../../../renderer/src/autosave/createAutosaver'
import { useDraftAutosaver } from '../../../renderer/src/autosave/useDraftAutosaver'
import type { DraftContent } from '../../../renderer/src/drafts/draftContent'
import { useReferenceData } from '../../../renderer/src/reference/useReferenceData'
import { createSyncRunner } from '../../../renderer/src/sync'
import { BENCH_FILE_ID } from '../shared/benchDrafts'
import { session } from './benchSession'
import { page } from './pageDom'
import { AppServicesContext } from '../../../renderer/src/app/AppServicesContext'
import { DraftsList } from '../../../renderer/src/list/DraftsList'

/**
 * The part of the app's workspace the screen figures need, built from the app's own pieces: the drafts
 * list (with its live data hook and the reference data hook, as the drafts pane mounts it) in the app's
 * layout classes, and the workspace's autosaver. Written with createElement because this folder is
 * type-checked as plain .ts by the Node project.
 */
export function screenServices(): AppServices {
  const { repo } = session()
  // The list never asks the runner for anything; it is here because the context's shape includes it.
  return { api: page.leaveDesk, repo, runner: createSyncRunner({ repo, api: page.leaveDesk }), databaseName: repo.db.name }
}

export interface WorkspaceParts {
  /** Mounts the workspace's autosaver and hands it over. */
  onAutosaver?: (autosaver: Autosaver<DraftContent>) => void
  /** Default true. */
  withList?: boolean
}

export function benchWorkspace(services: AppServices, parts: WorkspaceParts = {}): ReactElement {
  const { onAutosaver, withList = true } = parts
  return createElement(
    AppServicesContext.Provider,
    { value: services },
    createElement(
      'div',
      { className: 'workspace' },
      createElement(
        'main',
        { className: 'workspace-main' },
        withList ? createElement(DraftsColumn, { fileId: BENCH_FILE_ID }) : null,
        onAutosaver ? createElement(AutosaverProbe, { onReady: onAutosaver }) : null
      )
    )
  )
}

function DraftsColumn(props: { fileId: number }) {
  const reference = useReferenceData(props.fileId)
  return createElement('section', { className: 'drafts-pane' }, createElement(DraftsList, { fileId: props.fileId, reference }))
}

/** Hands out the autosaver the workspace creates, the one the editor's every change goes through. */
function AutosaverProbe(props: { onReady: (autosaver: Autosaver<DraftContent>) => void }) {
  const autosaver = useDraftAutosaver()
  const { onReady } = props
  useEffect(() => onReady(autosaver), [autosaver, onReady])
  return null
}

/** The list has painted a screenful of rows, each showing its draft (none still "Loading…"). */
export function rowsShown(root: { querySelectorAll(selector: string): { length: number } }): boolean {
  return root.querySelectorAll('.draft-row').length > 0 && root.querySelectorAll('.draft-row-loading').length === 0
}
