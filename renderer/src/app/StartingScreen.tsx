import { useEffect, useState } from 'react'
import { CenteredScreen } from '../ui/CenteredScreen'

/** How long an open may take before the clerk is told what usually holds it up. */
const SLOW_OPEN_MS = 5000

export function StartingScreen(props: { message: string }) {
  const [slow, setSlow] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), SLOW_OPEN_MS)
    return () => clearTimeout(timer)
  }, [])
  return (
    <CenteredScreen title="Leave Desk" role="status">
      <p>{props.message}</p>
      {slow && (
        <>
          <p>This is taking longer than usual.</p>
          {/* Schema upgrades rewrite every stored draft: about two minutes at 100,000 (docs/architecture.md). */}
          <p>Just after an update, Leave Desk may need a few minutes to prepare a large number of saved drafts: keep it open.</p>
          <p>If another Leave Desk window is open, close it.</p>
        </>
      )}
    </CenteredScreen>
  )
}
