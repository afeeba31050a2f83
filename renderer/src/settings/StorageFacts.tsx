import { useState } from 'react'
import { useAppServices } from '../app/AppServicesContext'
import { useUiStore } from '../state/uiStore'

/** Read-only facts for the clerk and their IT support: the version and where things are kept. */
export function StorageFacts() {
  const { api, databaseName } = useAppServices()
  const info = useUiStore((s) => s.appInfo)
  const [problem, setProblem] = useState<string | null>(null)
  const locations = info?.locations
  return (
    <fieldset>
      <legend>About this computer’s copy</legend>
      <dl className="settings-facts">
        <dt>Version</dt>
        <dd>{info?.version ?? '…'}</dd>
        <dt>Drafts</dt>
        <dd>
          {locations ? `${locations.draftsFolder} ` : ''}(database “{databaseName}”)
        </dd>
        <dt>Settings</dt>
        <dd>{locations?.settingsFile ?? '…'}</dd>
        <dt>Logs</dt>
        <dd>{locations?.logsFolder ?? '…'}</dd>
      </dl>
      <div className="button-row">
        <button
          type="button"
          className="button"
          onClick={() => {
            setProblem(null)
            void api.openLogsFolder().then((result) => setProblem(result.ok ? null : result.error.message))
          }}
        >
          Open logs folder
        </button>
      </div>
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
    </fieldset>
  )
}
