import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useState } from 'react'
import { useAppServices } from '../app/AppServicesContext'
import { copyDraftsTo, draftsToCopy, otherPayrolls } from '../payroll/copyDrafts'
import { databaseForPayroll, databaseShelf } from '../payroll/databaseForPayroll'
import { payrollKeyOf, payrollLabel, type PayrollKey } from '../payroll/payrollDatabase'
import { useUiStore } from '../state/uiStore'

type Target = { payroll: PayrollKey; databaseName: string }

/** "Copy to …": the open file's drafts not yet in payroll, copied as new drafts into another payroll. */
export function CopyDraftsSection() {
  const { repo } = useAppServices()
  const fileId = useUiStore((s) => s.openFileId)
  const backend = useUiStore((s) => s.appInfo?.backend)
  const firstDatabaseAddress = useUiStore((s) => s.settings?.firstDatabaseAddress ?? null)
  const drafts = useLiveQuery(() => (fileId === null ? [] : draftsToCopy(repo.db, fileId)), [repo, fileId])
  const [targets, setTargets] = useState<Target[]>([])
  const [chosen, setChosen] = useState('')
  const [outcome, setOutcome] = useState<{ tone: 'info' | 'error'; message: string } | null>(null)

  useEffect(() => {
    if (!backend) return
    let current = true
    const list = async () => (typeof indexedDB.databases === 'function' ? await indexedDB.databases() : [])
    void list()
      .catch(() => [])
      .then((databases) => {
        if (!current) return
        const names = databases.map((database) => database.name ?? '')
        const found = otherPayrolls(payrollKeyOf(backend), firstDatabaseAddress, names)
        setTargets(found)
        setChosen((before) => before || (found[0]?.databaseName ?? ''))
      })
    return () => {
      current = false
    }
  }, [backend, firstDatabaseAddress])

  if (fileId === null || !drafts) return null
  const target = targets.find((candidate) => candidate.databaseName === chosen)
  const copy = async () => {
    if (!target) return
    try {
      // The database that payroll itself would open (its owner checked, other spellings moved in), never a
      // name guessed from settings that may have been damaged.
      const count = await copyDraftsTo(await databaseForPayroll(target.payroll, firstDatabaseAddress, databaseShelf()), drafts)
      const where = payrollLabel(target.payroll)
      setOutcome({ tone: 'info', message: `Copied ${count} draft${count === 1 ? '' : 's'} to ${where}. Switch to it to check and queue them.` })
    } catch {
      setOutcome({ tone: 'error', message: 'The drafts could not be copied. Nothing was changed here.' })
    }
  }

  return (
    <fieldset>
      <legend>Copy drafts to another payroll</legend>
      <p className="field-hint">
        Copies the {drafts.length} request{drafts.length === 1 ? '' : 's'} of file {fileId} not yet in payroll, as new drafts
        there. Nothing is sent; the drafts here stay as they are.
      </p>
      <div className="settings-row">
        <div className="field">
          <label htmlFor="settings-copy-target">Copy to</label>
          <select id="settings-copy-target" value={chosen} onChange={(event) => setChosen(event.target.value)}>
            {targets.map((candidate) => (
              <option key={candidate.databaseName} value={candidate.databaseName}>
                {payrollLabel(candidate.payroll)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="button-row">
        <button type="button" className="button" disabled={!target || drafts.length === 0} onClick={() => void copy()}>
          Copy {drafts.length} draft{drafts.length === 1 ? '' : 's'}
        </button>
      </div>
      {outcome && (
        <p role="status" className={outcome.tone === 'error' ? 'form-error' : 'field-hint'}>
          {outcome.message}
        </p>
      )}
    </fieldset>
  )
}
