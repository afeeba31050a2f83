import type { BackendInfo } from '../../../shared/ipc/appInfo'
import { useUiStore } from '../state/uiStore'
import { SettingsButton } from '../settings/SettingsButton'
import { Tabs } from '../ui/Tabs'
import { DemoCredentialsBanner } from './DemoCredentialsBanner'
import { LegacyKeySignInForm } from './LegacyKeySignInForm'
import { PasswordSignInForm } from './PasswordSignInForm'
import { SIGNED_IN_ELSEWHERE } from './sessionEndedWords'
import { WorkOfflineOption } from './WorkOfflineOption'

export function SignInScreen() {
  const backend = useUiStore((s) => s.appInfo?.backend)
  const endedBecause = useUiStore((s) => s.session?.endedBecause)
  const rememberedFileId = useUiStore((s) => s.settings?.rememberedFileId ?? null)
  const sandbox = backend?.kind === 'embedded-sandbox' ? backend : undefined

  return (
    <main className="sign-in-screen">
      <div className="sign-in-card">
        <h1>Leave Desk</h1>
        <p className="lede">Sign in to your payroll to draft and send leave requests.</p>
        <SignInAddress backend={backend} />
        {endedBecause === 'refresh-refused' && (
          <p className="notice warning-notice" role="status">
            {SIGNED_IN_ELSEWHERE}
          </p>
        )}
        {sandbox && <DemoCredentialsBanner backend={sandbox} />}
        <Tabs
          label="How to sign in"
          tabs={[
            {
              key: 'password',
              label: 'User name and password',
              panel: <PasswordSignInForm demo={sandbox?.demoCredentials.clerk} />
            },
            {
              key: 'legacy',
              label: (
                <>
                  Access key <span className="tab-tag">deprecated</span>
                </>
              ),
              panel: <LegacyKeySignInForm demo={sandbox?.demoCredentials.legacyKey} />
            }
          ]}
        />
        {rememberedFileId !== null && <WorkOfflineOption fileId={rememberedFileId} />}
        <div className="button-row">
          <SettingsButton />
        </div>
      </div>
    </main>
  )
}

/** Which payroll this sign-in goes to, so a wrong address is seen before the password is typed. */
export function SignInAddress(props: { backend: BackendInfo | undefined }) {
  if (props.backend?.kind !== 'remote') return null
  return <p className="field-hint sign-in-address">Payroll address: {props.backend.baseUrl} (change it in Settings)</p>
}
