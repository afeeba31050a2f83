import type { LeaveDeskApp } from './harness/fixtures'
import { defaultTeamDatabaseName } from '../../shared/ipc/teamServer'
import type { TeamServer } from '../teamServer/startTeamServer'
import { teamPasswordOf } from '../teamServer/teamServerUsers'
import { draftRequest, fillWeekdays, signInAndOpenFile } from './steps/drafting'
import { settingsDialog } from './steps/payroll'
import { queueOpenDraft } from './steps/safeguards'
import { expect, test } from './harness/twoClerks'

/**
 * What the office shares in Settings → Team (issue 29): whether request notes go to the team server (off
 * until someone turns it on: they can hold medical details) and the file's daily quota. One clerk sets
 * them; the other's Leave Desk follows, its requests on the team server gaining or losing their notes.
 */
const WITH_NOTES = { employee: 'Olivia Nguyen', leaveType: 'Annual Leave', start: '2026-12-07', end: '2026-12-08', notes: 'Physio for her knee' }

/** The notes of the requests the team server holds (undefined: none shared), as its administrator would see them. */
async function notesOnTheTeamServer(teamServer: TeamServer): Promise<Array<string | undefined>> {
  const database = defaultTeamDatabaseName(1001, false)
  const range = `startkey=${encodeURIComponent('"request:"')}&endkey=${encodeURIComponent('"request:\ufff0"')}`
  const answer = await fetch(`${teamServer.url}/${database}/_all_docs?include_docs=true&${range}`, {
    headers: { authorization: `Basic ${Buffer.from(`ana:${teamPasswordOf('ana')}`).toString('base64')}` }
  })
  const { rows } = (await answer.json()) as { rows: Array<{ doc: { notes?: string } }> }
  return rows.map((row) => row.doc.notes)
}

async function officeSettingsOf(clerk: LeaveDeskApp) {
  await clerk.page.keyboard.press('Control+,')
  const shared = settingsDialog(clerk.page).getByTestId('team-office-settings')
  await expect(shared).toBeVisible()
  return {
    shared,
    quota: shared.getByLabel('Most sent in a day by the whole office'),
    notes: shared.getByRole('checkbox', { name: 'Share request notes with the team' }),
    save: async () => {
      await shared.getByRole('button', { name: 'Save for the whole team' }).click()
      await expect(shared.getByRole('status')).toContainText('Saved for the whole team')
    }
  }
}

test('notes stay off the team server until the office turns them on in Settings → Team; the file’s daily quota reaches a colleague', async ({ office: { ana, ben, teamServer } }) => {
  for (const clerk of [ana, ben]) {
    await signInAndOpenFile(clerk)
    await expect(clerk.page.getByTestId('team-status')).toContainText('Team as of', { timeout: 15_000 })
  }
  await draftRequest(ben.page, WITH_NOTES)
  await fillWeekdays(ben.page)
  await queueOpenDraft(ben.page)
  await expect.poll(() => notesOnTheTeamServer(teamServer), { timeout: 30_000 }).toEqual([undefined])

  const anas = await officeSettingsOf(ana)
  await expect(anas.notes).not.toBeChecked()
  await expect(anas.shared).toContainText('Notes can hold medical details')
  await anas.quota.fill('20000')
  await anas.notes.check()
  await anas.save()

  // Ben's Leave Desk hears of it and republishes his request with its notes.
  await expect.poll(() => notesOnTheTeamServer(teamServer), { timeout: 30_000 }).toEqual([WITH_NOTES.notes])
  const bens = await officeSettingsOf(ben)
  await expect(bens.quota).toHaveValue('20000')
  await expect(bens.shared).toContainText('Set by ana at ANA-PC.')
  await expect(bens.notes).toBeChecked()

  await bens.notes.uncheck()
  await bens.save()
  await expect.poll(() => notesOnTheTeamServer(teamServer), { timeout: 30_000 }).toEqual([undefined])
  expect(ana.consoleErrors()).toEqual([])
  expect(ben.consoleErrors()).toEqual([])
})
