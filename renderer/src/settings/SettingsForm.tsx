import { useState, type FormEvent, type ReactNode } from 'react'
import type { AppInfo, Settings, SettingsPatch } from '../../../shared/ipc'
import { useAppServices } from '../app/AppServicesContext'
import { ConnectionTestResult } from '../payroll/ConnectionTestResult'
import { payrollKeyOf, PRACTICE, type PayrollKey } from '../payroll/payrollDatabase'
import { countOutgoing, switchPayroll } from '../payroll/switchPayroll'
import { useConnectionTest } from '../payroll/useConnectionTest'
import { useUiStore } from '../state/uiStore'
import { FormError } from '../ui/FormError'
import { CopyDraftsSection } from './CopyDraftsSection'
import { KeyringChoice } from './KeyringChoice'
import { NumberSettingField, SetByOrganisation } from './NumberSettingField'
import {
  draftProblems,
  fieldProblem,
  patchOf,
  PRODUCTION_API_ADDRESS,
  type DraftProblems,
  type SettingsDraft,
  type TextField
} from './settingsFields'
import { StorageFacts } from './StorageFacts'
import { SwitchPayrollPanel } from './SwitchPayrollPanel'
import { CancelAndSubmit } from '../ui/CancelAndSubmit'
import { TeamServerSection } from './TeamServerSection'

export const settingsFieldId = (field: TextField) => `settings-${field}`
const errorId = (field: TextField) => `settings-${field}-error`

function draftOf(settings: Settings): SettingsDraft {
  return {
    target: settings.apiBaseUrl === null ? 'practice' : 'payroll',
    apiBaseUrl: settings.apiBaseUrl ?? PRODUCTION_API_ADDRESS,
    bodyFormat: settings.bodyFormat,
    requestsPerSecond: String(settings.requestsPerSecond),
    dailyQuota: String(settings.dailyQuota),
    defaultHoursPerDay: String(settings.defaultHoursPerDay)
  }
}

/** The limits that keep Leave Desk within what the clerk's payroll accepts, as the Sending section lists them. */
const SENDING_LIMITS = [
  { field: 'requestsPerSecond', label: 'Sending pace (per second)' },
  { field: 'dailyQuota', label: 'Most sent in a day (each business)' }
] as const

type Phase = { state: 'editing' } | { state: 'confirm-switch'; patch: SettingsPatch; to: PayrollKey } | { state: 'switching' }

/** The settings, every field checked by the shared schema with its message on the field. */
export function SettingsForm(props: { settings: Settings; appInfo: AppInfo; onClose(): void }) {
  const services = useAppServices()
  const { api, repo } = services
  const [draft, setDraft] = useState(() => draftOf(props.settings))
  const [problems, setProblems] = useState<DraftProblems>({})
  const [error, setError] = useState<string | null>(null)
  const [phase, setPhase] = useState<Phase>({ state: 'editing' })
  const { test, run: runTest, reset: resetTest } = useConnectionTest(api)
  const current = payrollKeyOf(props.appInfo.backend)
  const fromEnvironment = props.appInfo.addressFromEnvironment === true
  const locked = new Set(props.appInfo.organisationPolicy?.locked ?? [])
  const policyProblem = props.appInfo.organisationPolicy?.problem ?? null

  const edit = (patch: Partial<SettingsDraft>) => {
    setDraft((before) => ({ ...before, ...patch }))
    setProblems((before) => {
      const next = { ...before }
      for (const key of Object.keys(patch)) delete next[key as TextField]
      return next
    })
  }
  const check = (field: TextField) => setProblems((before) => ({ ...before, ...problemOf(field, draft[field]) }))

  const switchNow = async (patch: SettingsPatch) => {
    setPhase({ state: 'switching' })
    const saved = await switchPayroll(services, { ...patch, rememberedFileId: null })
    if (saved.ok) {
      // The page opens the new payroll's drafts database from scratch: nothing of this one stays open.
      window.location.reload()
      return
    }
    setPhase({ state: 'editing' })
    setError(`${saved.error.message} Sending is paused until Leave Desk is restarted.`)
  }

  const save = async (event: FormEvent) => {
    event.preventDefault()
    setError(null)
    const found = draftProblems(draft)
    setProblems(found)
    const first = Object.keys(found)[0] as TextField | undefined
    if (first) {
      document.getElementById(settingsFieldId(first))?.focus()
      return
    }
    const patch = patchOf(draft)
    const to = patch.apiBaseUrl ?? PRACTICE
    if (fromEnvironment || to === current) {
      const saved = await api.updateSettings(patch)
      if (!saved.ok) return setError(saved.error.message)
      useUiStore.getState().setSettings(saved.value)
      useUiStore.getState().showToast({ tone: 'info', message: 'Settings saved.' })
      props.onClose()
      return
    }
    const outgoing = await countOutgoing(repo.db)
    if (outgoing.queued + outgoing.sending > 0) setPhase({ state: 'confirm-switch', patch, to })
    else await switchNow(patch)
  }

  if (phase.state === 'confirm-switch') {
    return (
      <SwitchPayrollPanel
        from={current}
        to={phase.to}
        onSwitch={() => void switchNow(phase.patch)}
        onCancel={() => setPhase({ state: 'editing' })}
      />
    )
  }
  if (phase.state === 'switching') {
    return (
      <p role="status" className="notice info-notice">
        Finishing what was being sent, then switching payroll…
      </p>
    )
  }

  const addressDescribedBy = [
    problems.apiBaseUrl ? errorId('apiBaseUrl') : '',
    locked.has('apiBaseUrl') ? 'settings-apiBaseUrl-locked' : '',
    'settings-connection-test'
  ]
    .filter(Boolean)
    .join(' ')
  const practiceLocked = locked.has('apiBaseUrl') || locked.has('practice')
  return (
    <form className="stack" onSubmit={(event) => void save(event)} noValidate>
      <h2 id="settings-title">Settings</h2>
      {policyProblem && (
        <p className="notice warning-notice" role="status">
          Your organisation’s settings for Leave Desk on this computer could not be used, so none of them apply: {policyProblem} Tell your IT
          support.
        </p>
      )}
      <fieldset>
        <legend>Payroll</legend>
        {fromEnvironment && (
          <p className="notice warning-notice">
            This run’s payroll address is set by LEAVE_DESK_API_URL; a change here applies when it is not set.
          </p>
        )}
        <TargetChoice target="payroll" chosen={draft.target} disabled={locked.has('apiBaseUrl')} onChoose={(target) => edit({ target })}>
          Your payroll
        </TargetChoice>
        <div className="field">
          <label htmlFor={settingsFieldId('apiBaseUrl')}>Payroll address</label>
          <input
            id={settingsFieldId('apiBaseUrl')}
            type="url"
            spellCheck={false}
            value={draft.apiBaseUrl}
            disabled={draft.target !== 'payroll'}
            readOnly={locked.has('apiBaseUrl')}
            aria-invalid={problems.apiBaseUrl ? true : undefined}
            aria-describedby={addressDescribedBy}
            onChange={(event) => {
              edit({ apiBaseUrl: event.target.value })
              resetTest()
            }}
            onBlur={() => check('apiBaseUrl')}
          />
          {problems.apiBaseUrl && (
            <p id={errorId('apiBaseUrl')} className="field-issue">
              {problems.apiBaseUrl}
            </p>
          )}
          {locked.has('apiBaseUrl') && <SetByOrganisation id="settings-apiBaseUrl-locked" />}
          <ConnectionTestResult id="settings-connection-test" test={test} address={draft.apiBaseUrl} />
          <div className="button-row">
            <button
              type="button"
              className="button"
              disabled={draft.target !== 'payroll' || test.state === 'testing'}
              onClick={() => {
                const problem = fieldProblem('apiBaseUrl', draft.apiBaseUrl)
                setProblems((before) => ({ ...before, ...problemOf('apiBaseUrl', draft.apiBaseUrl) }))
                if (!problem) void runTest(patchOf(draft).apiBaseUrl as string)
              }}
            >
              Test connection
            </button>
          </div>
        </div>
        <TargetChoice
          target="practice"
          chosen={draft.target}
          disabled={practiceLocked}
          describedBy={practiceLocked ? 'settings-practice-locked' : undefined}
          onChoose={(target) => edit({ target })}
        >
          Practice payroll (demo data; nothing reaches a real payroll)
        </TargetChoice>
        {practiceLocked && <SetByOrganisation id="settings-practice-locked" />}
        <p className="field-hint">Each payroll keeps its own drafts: switching shows only the drafts written for that payroll.</p>
      </fieldset>
      <fieldset>
        <legend>Sending</legend>
        <div className="settings-row">
          <div className="field">
            <label htmlFor="settings-bodyFormat">How requests are written</label>
            <select
              id="settings-bodyFormat"
              value={draft.bodyFormat}
              onChange={(event) => edit({ bodyFormat: event.target.value === 'xml' ? 'xml' : 'json' })}
            >
              <option value="json">Standard (JSON)</option>
              <option value="xml">Older style (XML), if IT asks for it</option>
            </select>
          </div>
          {SENDING_LIMITS.map(({ field, label }) => (
            <NumberSettingField
              key={field}
              field={field}
              label={label}
              draft={draft}
              problems={problems}
              onEdit={edit}
              onCheck={check}
              lockedByOrganisation={locked.has(field)}
            />
          ))}
        </div>
        <p className="field-hint">These keep Leave Desk within what your payroll accepts; Practice sends one a second and has no daily limit.</p>
      </fieldset>
      <fieldset>
        <legend>Drafting</legend>
        <div className="settings-row">
          <NumberSettingField field="defaultHoursPerDay" label="Hours in a day of leave" draft={draft} problems={problems} onEdit={edit} onCheck={check} />
        </div>
      </fieldset>
      <TeamServerSection />
      <KeyringChoice />
      <CopyDraftsSection />
      <StorageFacts />
      <FormError id="settings-error" message={error} />
      <CancelAndSubmit className="settings-actions" onCancel={props.onClose}>
        Save
      </CancelAndSubmit>
    </form>
  )
}

/** One of the two places requests can go: the clerk's payroll or Practice. */
function TargetChoice(props: {
  target: SettingsDraft['target']
  chosen: SettingsDraft['target']
  disabled: boolean
  describedBy?: string | undefined
  onChoose(target: SettingsDraft['target']): void
  children: ReactNode
}) {
  return (
    <label className="choice-line">
      <input
        type="radio"
        name="target"
        checked={props.chosen === props.target}
        disabled={props.disabled}
        aria-describedby={props.describedBy}
        onChange={() => props.onChoose(props.target)}
      />
      {props.children}
    </label>
  )
}

function problemOf(field: TextField, text: string): DraftProblems {
  const problem = fieldProblem(field, text)
  return problem ? { [field]: problem } : {}
}
