import { createServer } from 'node:net'
import { expect, test } from './harness/fixtures'

/**
 * "Connect to your payroll" tests the address before the sign-in screen: an address where nothing answers
 * is said so in plain words and the clerk stays to correct it (or connects anyway); payroll's own address
 * goes on to sign-in, which shows the address it signs in to.
 */
test.use({ appOptions: { chooseInApp: true } })

/** A port on this computer where nothing listens (the OS picked it, then it was let go). */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  if (address === null || typeof address === 'string') throw new Error('No port was given.')
  return address.port
}

test('Connect tests the address first: nothing there is said plainly and the clerk stays to correct it; payroll’s address goes on to sign-in, which shows it', async ({ app }) => {
  const { page } = app
  await app.open()
  const address = page.getByRole('textbox', { name: 'Payroll address' })
  await address.fill(`http://127.0.0.1:${await closedPort()}`)
  await page.getByRole('button', { name: 'Connect to your payroll' }).click()
  await expect(page.locator('#welcome-connection-test')).toContainText('Could not reach the address')
  await expect(address).toBeFocused()
  await expect(page.getByRole('heading', { name: 'Welcome to Leave Desk' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Connect anyway' })).toBeVisible()

  await address.fill(app.sandbox.baseUrl)
  await page.getByRole('button', { name: 'Connect to your payroll' }).click()
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible()
  await expect(page.locator('.sign-in-address')).toContainText(`Payroll address: ${new URL(app.sandbox.baseUrl).origin}`)
  expect(app.consoleErrors()).toEqual([])
})
