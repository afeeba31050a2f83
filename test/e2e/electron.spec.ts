import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { _electron as electron, expect, test } from '@playwright/test'
import { EVENT_CHANNELS, INVOKE_CHANNELS } from '../../shared/ipc/channelNames'

/**
 * The real app, launched with Electron. Where the binary is missing (it cannot be downloaded on the
 * team's machines) the test skips with the reason; `require('electron')` is not used to find it,
 * because that tries to download the binary.
 */
const repoRoot = path.resolve(__dirname, '../..')

function electronBinary(): string | null {
  const packageDir = path.join(repoRoot, 'node_modules', 'electron')
  const pathFile = path.join(packageDir, 'path.txt')
  if (!existsSync(pathFile)) return null
  const binary = path.join(packageDir, 'dist', readFileSync(pathFile, 'utf8').trim())
  return existsSync(binary) ? binary : null
}

function skipReason(binary: string | null): string | null {
  if (!binary) return 'The Electron binary is not installed (node_modules/electron/dist is missing; it cannot be downloaded here).'
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    return 'Electron needs a display on Linux: run under xvfb-run.'
  }
  if (!existsSync(path.join(repoRoot, 'out', 'main', 'index.js'))) return 'The app is not built: run `npm run build` first.'
  return null
}

const binary = electronBinary()
const reason = skipReason(binary)

test.describe('the app window', () => {
  // Skipped only where the app cannot launch: no Electron binary (not downloadable here), no display, or not built.
  test.skip(reason !== null, reason ?? '')

  test('loads from app://leave-desk with window.leaveDesk and without require or process', async () => {
    const userDataDir = await mkdtemp(path.join(tmpdir(), 'leave-desk-e2e-'))
    const app = await electron.launch({
      executablePath: binary as string,
      // Electron refuses to start as root with the OS sandbox; the renderer sandbox option still applies.
      args: [...(process.getuid?.() === 0 ? ['--no-sandbox'] : []), repoRoot],
      cwd: repoRoot,
      env: { ...process.env, LEAVE_DESK_USER_DATA_DIR: userDataDir, LEAVE_DESK_API_URL: '', ELECTRON_RENDERER_URL: '' }
    })
    try {
      const page = await app.firstWindow()
      await page.waitForLoadState('domcontentloaded')
      const url = new URL(page.url())
      expect(`${url.protocol}//${url.host}`).toBe('app://leave-desk')

      // Expressions as strings: they run in the page, whose globals this Node-typed file does not know.
      expect(await page.evaluate('typeof window.leaveDesk')).toBe('object')
      expect(await page.evaluate('typeof require')).toBe('undefined')
      expect(await page.evaluate('typeof process')).toBe('undefined')
      const exposed = (await page.evaluate('Object.keys(window.leaveDesk)')) as string[]
      expect(exposed.sort()).toEqual([...Object.keys(INVOKE_CHANNELS), ...Object.keys(EVENT_CHANNELS)].sort())

      const info = await page.evaluate('window.leaveDesk.getAppInfo()')
      expect(info).toMatchObject({ ok: true, value: { backend: { kind: 'embedded-sandbox' } } })
      await expect(page.getByRole('heading', { name: 'Leave Desk' })).toBeVisible()
      await expect(page.getByTestId('session-status')).toHaveText('Signed out')

      // The CSP refuses inline script and eval.
      const inlineRan = await page.evaluate(`(() => {
        const script = document.createElement('script')
        script.textContent = 'window.__inlineRan = true'
        document.body.appendChild(script)
        return window.__inlineRan === true
      })()`)
      expect(inlineRan).toBe(false)
      expect(await page.evaluate(`(() => { try { return eval('1 + 1') } catch { return 'blocked' } })()`)).toBe('blocked')

      // What the boot test (test/boot) checks against a double, here against real Electron.
      const shell = await app.evaluate(({ app: electronApp, BrowserWindow, Menu }) => {
        const accelerators: string[] = []
        const roles: string[] = []
        const walk = (items: Electron.MenuItem[]) => {
          for (const item of items) {
            if (item.accelerator) accelerators.push(String(item.accelerator).toLowerCase())
            if (item.role) roles.push(item.role)
            if (item.submenu) walk(item.submenu.items)
          }
        }
        walk(Menu.getApplicationMenu()?.items ?? [])
        return {
          userData: electronApp.getPath('userData'),
          backgroundThrottling: BrowserWindow.getAllWindows()[0]?.webContents.getBackgroundThrottling(),
          accelerators,
          roles
        }
      })
      expect(shell.userData).toBe(userDataDir)
      expect(shell.backgroundThrottling).toBe(false)
      expect(shell.accelerators).not.toContain('cmdorctrl+w')
      expect(shell.roles.map((role) => role.toLowerCase())).not.toContain('close')
    } finally {
      await app.close()
      await rm(userDataDir, { recursive: true, force: true })
    }
  })
})
