import { useEffect, useId, useState } from 'react'
import { defaultTeamDatabaseName, type TeamConnectionReport, type TeamServerInput, type TeamServerView } from '../../../shared/ipc/teamServer'
import { useAppServices } from '../app/AppServicesContext'
import { useUiStore } from '../state/uiStore'
import { reopenPageTeamLedger } from '../team/pageTeamLedger'
import { retryTeamNow } from '../team/teamServerBack'
import { TeamOfficeSettings } from './TeamOfficeSettings'

type Form = { address: string; database: string; userName: string; password: string }
type Outcome = { tone: 'good' | 'bad' | 'info'; message: string; report?: TeamConnectionReport }

/**
 * Settings → Team: the office's team server for this payroll file. The password goes to main and never
 * comes back (only "saved"); Test connection answers reachable, trusted, signed in, allowed to write.
 * Saving (or turning it off) reopens the file's team ledger at once.
 */
export function TeamServerSection() {
  const { api } = useAppServices()
  const fileId = useUiStore((s) => s.openFileId)
  const practice = useUiStore((s) => s.appInfo?.backend.kind === 'embedded-sandbox')
  const computerDailyQuota = useUiStore((s) => s.settings?.dailyQuota)
  const [view, setView] = useState<TeamServerView | null>(null)
  const [form, setForm] = useState<Form>({ address: '', database: '', userName: '', password: '' })
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const [busy, setBusy] = useState(false)
  const id = useId()

  useEffect(() => {
    let current = true
    void api.getTeamServer().then((answer) => {
      if (!current || !answer.ok) return
      setView(answer.value)
      setForm({
        address: answer.value.address ?? '',
        userName: answer.value.userName ?? '',
        password: '',
        database: fileId === null ? '' : (answer.value.databases[String(fileId)] ?? defaultTeamDatabaseName(fileId, practice))
      })
    })
    return () => {
      current = false
    }
  }, [api, fileId, practice])

  if (fileId === null || !view) return null
  const input = (): TeamServerInput => ({
    address: form.address,
    userName: form.userName,
    database: form.database,
    fileId,
    ...(form.password ? { password: form.password } : {})
  })
  const run = async (task: () => Promise<void>) => {
    setBusy(true)
    try {
      await task()
    } finally {
      setBusy(false)
    }
  }
  const test = () =>
    run(async () => {
      setOutcome({ tone: 'info', message: 'Testing the team server…' })
      const answer = await api.testTeamServer(input())
      if (!answer.ok) return setOutcome({ tone: 'bad', message: answer.error.message })
      setOutcome({ tone: answer.value.canWrite ? 'good' : 'bad', message: answer.value.message, report: answer.value })
      // The server answers: replication need not wait out its back-off.
      if (answer.value.canWrite) retryTeamNow()
    })
  const save = () =>
    run(async () => {
      const answer = await api.saveTeamServer(input())
      if (!answer.ok) return setOutcome({ tone: 'bad', message: answer.error.message })
      setView(answer.value)
      setForm((before) => ({ ...before, password: '' }))
      setOutcome({
        tone: 'good',
        message: answer.value.passwordKeptOnDisk
          ? 'Team server saved. Colleagues’ requests appear as soon as it is reached.'
          : 'Team server saved for this session only: this computer cannot keep the password safely, so you will enter it again next time.'
      })
      await reopenPageTeamLedger()
    })
  const turnOff = () =>
    run(async () => {
      const answer = await api.forgetTeamServer()
      if (answer.ok) setView(answer.value)
      setOutcome({ tone: 'info', message: 'No team server: Leave Desk works on its own, as before.' })
      await reopenPageTeamLedger()
    })
  const field = (name: keyof Form, label: string, type = 'text', hint?: string) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        type={type}
        spellCheck={false}
        autoComplete="off"
        value={form[name]}
        placeholder={name === 'password' && view.passwordSaved ? 'Saved (type to change)' : undefined}
        onChange={(event) => setForm((before) => ({ ...before, [name]: event.target.value }))}
      />
      {hint && <p className="field-hint">{hint}</p>}
    </div>
  )
  return (
    <fieldset data-testid="team-server-settings">
      <legend>Team</legend>
      <p className="field-hint">
        With a team server, the clerks of this business see each other’s requests: a leave a colleague already sent is flagged before it
        reaches payroll twice. Without one, Leave Desk works on its own.
      </p>
      {practice && (
        <p className="field-hint" data-testid="practice-team-note">
          In Practice your team is Sam, a practice colleague who has sent a few requests to the practice payroll. The team server below is used
          only with your own payroll.
        </p>
      )}
      {field('address', 'Team server address', 'url', 'https://, or http:// to this computer only. Your IT team or office manager gives it.')}
      {field('database', 'Database for this business')}
      <div className="settings-row">
        {field('userName', 'Team user name')}
        {field('password', 'Team password', 'password')}
      </div>
      {outcome && (
        <div role="status" className={outcome.tone === 'info' ? 'connection-test' : `connection-test connection-test-${outcome.tone}`}>
          {outcome.report && <TeamReportFacts report={outcome.report} />}
          <p>{outcome.message}</p>
        </div>
      )}
      <div className="button-row">
        <button type="button" className="button" disabled={busy} onClick={() => void test()}>
          Test team server
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => void save()}>
          Save team server
        </button>
        {view.configured && (
          <button type="button" className="button quiet" disabled={busy} onClick={() => void turnOff()}>
            Stop using a team server
          </button>
        )}
      </div>
      {!practice && view.configured && computerDailyQuota !== undefined && <TeamOfficeSettings fileId={fileId} computerDailyQuota={computerDailyQuota} />}
    </fieldset>
  )
}

function TeamReportFacts(props: { report: TeamConnectionReport }) {
  const { reachable, trusted, signedIn, canWrite } = props.report
  return (
    <ul className="connection-facts">
      <li>{reachable ? 'Reached the team server' : 'Could not reach the team server'}</li>
      {reachable && <li>{trusted ? 'This computer trusts it' : 'This computer does not trust its certificate'}</li>}
      {reachable && trusted && <li>{signedIn ? 'Signed in' : 'Not signed in: check the user name and password'}</li>}
      {signedIn && <li>{canWrite ? 'Allowed to write to this business’s database' : 'Not allowed to write to this business’s database'}</li>}
    </ul>
  )
}
