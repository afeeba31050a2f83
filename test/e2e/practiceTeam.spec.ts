import { practiceColleaguePlan } from '../../main/team/practiceColleague'
import { expect, test } from './harness/fixtures'
import { draftRequest, editor, row } from './steps/drafting'
import { practiceBand, signInToFile } from './steps/payroll'

/**
 * Practice shows what a team adds (issue 29): with no team server, Sam the practice colleague has sent a
 * few requests through the practice payroll, and the clerk sees them in the calendar and is warned,
 * naming Sam, when drafting the same leave.
 */
test.use({ appOptions: { chooseInApp: true } })

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

test('Practice: the calendar shows Sam’s request; drafting the same leave is warned, naming Sam', async ({ app }) => {
  const { page } = app
  await app.open()
  await page.getByRole('button', { name: 'Practice with demo data' }).click()
  await expect(practiceBand(page)).toBeVisible()
  await signInToFile(app)
  await expect(page.getByTestId('team-status')).toContainText('Team as of')

  // Sam's first request, as main plans it from today (the same function).
  const [grace] = practiceColleaguePlan(new Date().toISOString().slice(0, 10))
  if (!grace) throw new Error('Sam plans no request.')
  const [year, month] = grace.start.split('-').map(Number) as [number, number]

  await page.getByRole('button', { name: 'Calendar' }).click()
  const calendar = page.getByRole('dialog', { name: /Leave calendar/ })
  const heading = calendar.getByRole('heading', { name: `Leave calendar: ${MONTHS[month - 1]} ${year}` })
  if (!(await heading.isVisible())) await calendar.getByRole('button', { name: 'Next month' }).click()
  await expect(heading).toBeVisible()
  await expect(calendar.getByTestId('team-freshness')).toContainText('Includes colleagues’ requests (team as of')
  const day = calendar.locator(`#calendar-day-${grace.start}`)
  await expect(day).toContainText('Grace L.')
  await day.click()
  await page.keyboard.press('Enter')
  await expect(calendar.getByTestId('colleague-day-request')).toContainText(/Grace Lee Annual Leave .* · Pending · entered by Sam, practice colleague at .*, #\d+/)
  await page.keyboard.press('Escape')
  await expect(calendar).toBeHidden()

  await draftRequest(page, { employee: grace.employee, leaveType: grace.leaveType, start: grace.start, end: grace.end })
  const notice = editor(page).getByTestId('colleague-clash-notice')
  await expect(notice).toContainText('A colleague already sent this leave.')
  await expect(notice).toContainText(/Sam, practice colleague sent this leave \(Annual Leave .*\) at .*; in payroll as #\d+/)
  await expect(row(page, /Grace Lee/).getByTestId('colleague-clash-badge')).toHaveText('Sent by Sam, practice colleague')

  // Settings → Team says who the practice team is.
  await page.keyboard.press('Control+,')
  await expect(page.getByTestId('practice-team-note')).toContainText('In Practice your team is Sam, a practice colleague')
  expect(app.consoleErrors()).toEqual([])
})
