import { useEffect, type ReactNode } from 'react'
import type { BackendInfo } from '../../../shared/ipc'

export const PRACTICE_BAND_TEXT = 'Practice payroll — nothing here reaches your real payroll'
export const PRACTICE_TITLE_SUFFIX = ' — Practice'

/**
 * Every screen of the app, framed by the payroll it works with. On the embedded sandbox a coloured band
 * stays above every screen and the window title ends in "— Practice", so nobody can believe a practice
 * request reached their real payroll.
 */
export function PayrollFrame(props: { backend: BackendInfo; children: ReactNode }) {
  const practice = props.backend.kind === 'embedded-sandbox'
  useEffect(() => {
    document.title = practice ? `Leave Desk${PRACTICE_TITLE_SUFFIX}` : 'Leave Desk'
  }, [practice])
  return (
    <div className="payroll-frame">
      {practice && (
        <div className="practice-band" role="note" aria-label="Practice payroll">
          <strong>{PRACTICE_BAND_TEXT}</strong>
        </div>
      )}
      <div className="payroll-frame-body">{props.children}</div>
    </div>
  )
}
