import type { BackendInfo } from '../../../shared/ipc'

type EmbeddedSandbox = Extract<BackendInfo, { kind: 'embedded-sandbox' }>

/** The built-in practice payroll: say so plainly, and give its public demo sign-in. */
export function DemoCredentialsBanner(props: { backend: EmbeddedSandbox }) {
  const { clerk, legacyKey } = props.backend.demoCredentials
  return (
    <section className="notice info-notice" aria-labelledby="demo-banner-title">
      <h2 id="demo-banner-title" className="notice-title">
        Practice data
      </h2>
      <p>
        Leave Desk is using its built-in practice payroll, not a real one. Nothing you send reaches a real
        payroll.
      </p>
      <dl className="demo-credentials">
        <dt>User name</dt>
        <dd>
          <code>{clerk.username}</code>
        </dd>
        <dt>Password</dt>
        <dd>
          <code>{clerk.password}</code>
        </dd>
        <dt>Access key</dt>
        <dd>
          <code>{legacyKey.wsAccessKey}</code> for file <code>{legacyKey.fileId}</code>
        </dd>
      </dl>
    </section>
  )
}
