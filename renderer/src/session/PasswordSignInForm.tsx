import { useState, type FormEvent } from 'react'
import { useAppServices } from '../app/AppServicesContext'
import { FormError } from '../ui/FormError'
import { useSignIn } from './useSignIn'

/** OAuth sign-in: the preferred way. */
export function PasswordSignInForm(props: { demo?: { username: string; password: string } }) {
  const { api } = useAppServices()
  const { busy, error, attempt } = useSignIn()
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const { demo } = props

  const submit = (event: FormEvent) => {
    event.preventDefault()
    void attempt(() => api.signInWithPassword(username.trim(), password))
  }

  return (
    <form className="stack" onSubmit={submit} aria-describedby={error ? 'password-sign-in-error' : undefined}>
      <div className="field">
        <label htmlFor="sign-in-username">User name</label>
        <input
          id="sign-in-username"
          name="username"
          autoComplete="username"
          required
          autoFocus
          value={username}
          onChange={(event) => setUsername(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="sign-in-password">Password</label>
        <input
          id="sign-in-password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </div>
      <FormError id="password-sign-in-error" message={error} />
      <div className="button-row">
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
        {demo && (
          <button
            type="button"
            className="button"
            onClick={() => {
              setUsername(demo.username)
              setPassword(demo.password)
            }}
          >
            Fill in the demo sign-in
          </button>
        )}
      </div>
    </form>
  )
}
