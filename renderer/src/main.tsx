import '../../shared/zodJitless'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import { Bootstrap } from './app/Bootstrap'
import { CrashBoundary } from './app/CrashBoundary'
import './styles/base.css'
import './styles/layout.css'
import './styles/controls.css'
import './styles/drafts.css'
import './styles/editor.css'
import './styles/status.css'
import './styles/sync.css'
import './styles/payroll.css'
import './styles/dark.css'
import './styles/smallWindow.css'

const container = document.getElementById('root')
if (container) {
  createRoot(container).render(
    <StrictMode>
      <CrashBoundary>
        <Bootstrap>
          <App />
        </Bootstrap>
      </CrashBoundary>
    </StrictMode>
  )
}
