import { createInFlightRequests } from '../../main/inFlightRequests'
import { UpdaterDouble } from '../../main/updates/testSupport/updaterDouble'
import { createUpdateService } from '../../main/updates/updateService'
import { expect, test } from './harness/fixtures'
import { signInAndOpenFile } from './steps/drafting'

/**
 * "Restart to update" from the clerk's side, in the minimum window: main's real update service around
 * an electron-updater double (no release server here), the real header in Chromium, the keyboard.
 */
const updater = new UpdaterDouble()
const inFlight = createInFlightRequests()
const updates = createUpdateService({ updater, inFlight, log: { info: () => {}, warn: () => {} } })

test.use({ appOptions: { updates }, viewport: { width: 800, height: 560 } })

test('a downloaded version offers "Restart to update"; with a request being sent it waits, then restarts', async ({ app }) => {
  const { page } = app
  await signInAndOpenFile(app)
  await expect(page.getByTestId('update-notice')).toHaveCount(0)

  updater.releases('1.4.0')
  await expect(page.getByText('Version 1.4.0 is ready.')).toBeVisible()
  const restart = page.getByRole('button', { name: 'Restart to update' })
  await expect(restart).toBeInViewport()
  await app.screenshot('update-ready', { docs: true })

  let answer = () => {}
  void inFlight.track(new Promise<void>((resolve) => (answer = resolve)))
  await restart.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByText('Waiting for 1 request to finish sending, then restarting…')).toBeVisible()
  expect(updater.installs).toEqual([])

  answer()
  await expect.poll(() => updater.installs.length).toBe(1)
})
