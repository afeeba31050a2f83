import { useState, type FormEvent } from 'react'
import type { LeaveDeskApi, SettingsPatch } from '../../../shared/ipc'
import { fieldProblem, normalisedAddress, PRODUCTION_API_ADDRESS } from '../settings/settingsFields'
import { FormError } from '../ui/FormError'
import { ConnectionTestResult } from './ConnectionTestResult'
import { useConnectionTest } from './useConnectionTest'

const ADDRESS_ID = 'welcome-address'
const ADDRESS_ERROR_ID = 'welcome-address-error'
const TEST_ID = 'welcome-connection-test'

/**
 * First start, before any payroll is chosen: two plain choices. Either can be changed later in Settings.
 * No drafts database is open yet: the choice decides which payroll's drafts the app opens.
 */
export function WelcomeScreen(props: { api: LeaveDeskApi; onChosen: () => void }) {
  const { api } = props
  const [address, setAddress] = useState(PRODUCTION_API_ADDRESS)
  const [addressProblem, setAddressProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState<'connect' | 'practice' | null>(null)
  const [error, setError] = useState<string | null>(null)
  // The address whose test the clerk has seen fail: the next "Connect" goes ahead (IT may know better).
  const [anywayFor, setAnywayFor] = useState<string | null>(null)
  const { test, run, reset } = useConnectionTest(api)

  const choose = async (kind: 'connect' | 'practice', patch: SettingsPatch) => {
    setBusy(kind)
    setError(null)
    const saved = await api.updateSettings({ ...patch, payrollChosen: true })
    setBusy(null)
    if (saved.ok) props.onChosen()
    else setError(saved.error.message)
  }

  const checkedAddress = (): string | null => {
    const problem = fieldProblem('apiBaseUrl', address)
    setAddressProblem(problem)
    if (problem) document.getElementById(ADDRESS_ID)?.focus()
    return problem ? null : normalisedAddress(address)
  }

  /**
   * Connect tests the address first (reached, certificate trusted, answers like payroll) and goes on to
   * sign-in only when it passed; otherwise what failed is said under the field, in plain words, and the
   * button offers "Connect anyway" for that address.
   */
  const connect = async (event: FormEvent) => {
    event.preventDefault()
    const url = checkedAddress()
    if (!url) return
    if (anywayFor !== url) {
      setBusy('connect')
      const report = await run(url)
      setBusy(null)
      if (!report?.looksLikePayroll) {
        setAnywayFor(url)
        document.getElementById(ADDRESS_ID)?.focus()
        return
      }
    }
    void choose('connect', { apiBaseUrl: url, rememberedFileId: null })
  }
  const anyway = anywayFor !== null && anywayFor === normalisedAddress(address)

  return (
    <main className="welcome-screen">
      <div className="welcome-card">
        <h1>Welcome to Leave Desk</h1>
        <p className="lede">Where should your leave requests go? You can change this later in Settings.</p>
        <div className="welcome-choices">
          <section className="welcome-choice" aria-labelledby="welcome-connect-title">
            <h2 id="welcome-connect-title">Connect to your payroll</h2>
            <p>
              Send leave requests to your organisation’s payroll service. Leave Desk checks the address first; you sign in on the next
              screen.
            </p>
            <form className="stack" onSubmit={(event) => void connect(event)} noValidate>
              <div className="field">
                <label htmlFor={ADDRESS_ID}>Payroll address</label>
                <input
                  id={ADDRESS_ID}
                  type="url"
                  inputMode="url"
                  autoComplete="url"
                  spellCheck={false}
                  autoFocus
                  value={address}
                  aria-invalid={addressProblem ? true : undefined}
                  aria-describedby={[addressProblem ? ADDRESS_ERROR_ID : '', TEST_ID].filter(Boolean).join(' ')}
                  onChange={(event) => {
                    setAddress(event.target.value)
                    setAddressProblem(null)
                    setAnywayFor(null)
                    reset()
                  }}
                  onBlur={() => setAddressProblem(address.trim() === '' ? null : fieldProblem('apiBaseUrl', address))}
                />
                <p className="field-hint">Your payroll provider’s address. Leave it as it is unless your IT team gave you another.</p>
                {addressProblem && (
                  <p id={ADDRESS_ERROR_ID} className="field-issue">
                    {addressProblem}
                  </p>
                )}
                <ConnectionTestResult id={TEST_ID} test={test} address={address} />
              </div>
              <div className="button-row">
                <button type="submit" className="button primary" disabled={busy !== null}>
                  {busy === 'connect' ? 'Connecting…' : anyway ? 'Connect anyway' : 'Connect to your payroll'}
                </button>
                <button
                  type="button"
                  className="button"
                  disabled={test.state === 'testing'}
                  onClick={() => {
                    const url = checkedAddress()
                    if (url) void run(url)
                  }}
                >
                  Test connection
                </button>
              </div>
            </form>
          </section>
          <section className="welcome-choice" aria-labelledby="welcome-practice-title">
            <h2 id="welcome-practice-title">Practice with demo data</h2>
            <p>
              Try Leave Desk on a built-in practice payroll with made-up employees. Nothing you do there reaches a real
              payroll, and practice drafts stay apart from real ones.
            </p>
            <div className="button-row">
              <button
                type="button"
                className="button"
                disabled={busy !== null}
                onClick={() => void choose('practice', { apiBaseUrl: null })}
              >
                {busy === 'practice' ? 'Opening practice…' : 'Practice with demo data'}
              </button>
            </div>
          </section>
        </div>
        <FormError id="welcome-error" message={error} />
      </div>
    </main>
  )
}
