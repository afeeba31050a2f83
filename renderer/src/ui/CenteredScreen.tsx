import type { ReactNode } from 'react'

/** A whole-window message: starting up, storage trouble, a crash. Calm, centred, one heading. */
export function CenteredScreen(props: { title: string; children?: ReactNode; role?: 'alert' | 'status' }) {
  return (
    <main className="centered-screen">
      <div className="centered-card" role={props.role}>
        <h1>{props.title}</h1>
        {props.children}
      </div>
    </main>
  )
}
