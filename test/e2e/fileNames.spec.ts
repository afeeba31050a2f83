import { expect, test } from './harness/fixtures'
import { draftsDatabaseName, fileButton } from './steps/drafting'

/** Files by the business's name: in the picker and the header, from this computer's copy when offline. */

const rememberName = (dbName: string, fileId: number, name: string) => `new Promise((resolve, reject) => {
  const open = indexedDB.open(${JSON.stringify(dbName)})
  open.onsuccess = () => {
    const tx = open.result.transaction('referenceMeta', 'readwrite')
    tx.objectStore('referenceMeta').put({ fileId: ${fileId}, kind: 'fileIdentity', asOf: 1, name: ${JSON.stringify(name)}, country: 'AU' })
    tx.oncomplete = () => { open.result.close(); resolve() }
    tx.onerror = () => reject(tx.error)
  }
  open.onerror = () => reject(open.error)
})`

test('the picker and the header name the file "Harbour Cafe Pty Ltd (1001)", offline too', async ({ app }) => {
  const { page } = app
  await app.open()
  await expect(page.getByRole('textbox', { name: 'User name' })).toBeVisible()
  // Names payroll gave on an earlier day, kept on this computer.
  await page.evaluate(rememberName(await draftsDatabaseName(page), app.demo.fileId, 'Harbour Cafe Pty Ltd'))
  await page.getByRole('textbox', { name: 'User name' }).fill(app.demo.username)
  await page.getByRole('textbox', { name: 'Password' }).fill(app.demo.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()

  await expect(page.getByRole('button', { name: 'Harbour Cafe Pty Ltd (1001)' })).toBeVisible()
  await expect(fileButton(page, app.demo.otherFileId)).toBeVisible()
  await page.getByRole('button', { name: 'Harbour Cafe Pty Ltd (1001)' }).click()
  const openFile = page.getByRole('banner').getByRole('combobox', { name: 'File' }).locator('option:checked')
  await expect(openFile).toHaveText('Harbour Cafe Pty Ltd (1001)')

  // Offline after a reload: still the name, from this computer's copy.
  await app.sandbox.faults.down()
  await app.reload()
  await expect(openFile).toHaveText('Harbour Cafe Pty Ltd (1001)')
  expect(app.consoleErrors()).toEqual([])
})
