import { useState, type FormEvent } from 'react'
import { useAppServices } from '../app/AppServicesContext'
import { FormError } from '../ui/FormError'
import { SignInButtons } from './SignInButtons'
import { SignInField } from './SignInField'
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

  const fillDemo =
    demo &&
    (() => {
      setUsername(demo.username)
      setPassword(demo.password)
    })

  return (
    <form className="stack" onSubmit={submit} aria-describedby={error ? 'password-sign-in-error' : undefined}>
      <SignInField
        id="sign-in-username"
        label="User name"
        name="username"
        autoComplete="username"
        autoFocus
        value={username}
        onValue={setUsername}
      />
      <SignInField
        id="sign-in-password"
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onValue={setPassword}
      />
      <FormError id="password-sign-in-error" message={error} />
      <SignInButtons busy={busy} label="Sign in" demoLabel="Fill in the demo sign-in" onFillDemo={fillDemo} />
    </form>
  )
}
