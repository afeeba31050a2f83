import { expectNoSeriousA11yViolations } from './accessibility/axe'
import { expect, test } from './harness/fixtures'
import { draftRequest, editor, fillWeekdays, row, signInAndOpenFile } from './steps/drafting'

/**
 * Dark follows the operating system (prefers-color-scheme), with axe's contrast checks as in light
 * (accessibility.spec.ts); forced colours (Windows high contrast) keep every state visible.
 */

test.describe('dark', () => {
  test.use({ colorScheme: 'dark' })

  test('the app is dark when the system is, and passes axe (contrast included) on each screen', async ({ app }) => {
    const { page } = app
    await app.open()
    expect(await page.evaluate('getComputedStyle(document.body).backgroundColor')).toBe('rgb(18, 23, 29)')
    await expectNoSeriousA11yViolations(page, 'the sign-in screen, dark')

    await signInAndOpenFile(app)
    await draftRequest(page, { employee: 'Olivia Nguyen', leaveType: 'Annual Leave', start: '2026-03-02', end: '2026-03-06', notes: 'Family visit' })
    await fillWeekdays(page)
    await draftRequest(page, { employee: 'Jack Smith', leaveType: 'Annual Leave', start: '2026-03-09', end: '2026-03-06' })
    await page.keyboard.press('Control+Enter') // refused: messages on fields, an error in the bar
    await expect(page.getByRole('alert')).toHaveText(/fixing first/)
    await expectNoSeriousA11yViolations(page, 'the drafts list and the editor with messages, dark')

    await row(page, /Olivia Nguyen/).click()
    await page.keyboard.press('Control+Enter')
    await expect(page.getByRole('button', { name: 'Unqueue to edit' })).toBeVisible()
    await expectNoSeriousA11yViolations(page, 'a queued (read-only) request, dark')
    await app.screenshot('dark-mode', { docs: true })

    await page.getByRole('button', { name: 'Shortcuts' }).click()
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible()
    await expectNoSeriousA11yViolations(page, 'the shortcuts panel, dark')
    expect(app.consoleErrors()).toEqual([])
  })
})

test.describe('forced colours', () => {
  test.use({ forcedColors: 'active' })

  test('the pressed filter and the selected draft still stand out', async ({ app }) => {
    const { page } = app
    await signInAndOpenFile(app)
    await draftRequest(page, { employee: 'Olivia Nguyen', leaveType: 'Annual Leave', start: '2026-03-02', end: '2026-03-03' })
    await draftRequest(page, { employee: 'Jack Smith', leaveType: 'Annual Leave', start: '2026-03-09', end: '2026-03-10' })
    await row(page, /Olivia Nguyen/).click()
    await expect(editor(page)).toBeVisible()

    const background = (selector: string) =>
      page.evaluate(`getComputedStyle(document.querySelector(${JSON.stringify(selector)})).backgroundColor`)
    expect(await background('.filter-chip[aria-pressed="true"]')).not.toBe(await background('.filter-chip[aria-pressed="false"]'))
    expect(await background('.draft-row.selected')).not.toBe(await background('.draft-row:not(.selected)'))
    expect(app.consoleErrors()).toEqual([])
  })
})
