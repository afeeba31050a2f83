import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { startTeamServer, type TeamServer } from '../../test/teamServer/startTeamServer'
import { addTeamUser, createTeamDatabase } from '../../test/teamServer/teamServerUsers'
import { aesGcmTestCipher } from '../auth/testSupport/aesGcmTestCipher'
import { createIpcDispatcher } from '../ipc/ipcDispatch'
import { tempWorkspace } from '../testSupport/tempWorkspace'

const workspace = tempWorkspace('leave-desk-team-')
let server: TeamServer | undefined
afterEach(async () => {
  await server?.stop()
  server = undefined
})

const PASSWORD = 'correct horse battery staple'

async function officeServer(): Promise<TeamServer> {
  server = await startTeamServer()
  await addTeamUser(server, 'mia', PASSWORD)
  await addTeamUser(server, 'zed', 'zeds-password')
  await createTeamDatabase(server, 'leave-desk-file-7', ['mia'])
  return server
}

const input = (address: string, overrides: Record<string, unknown> = {}) => ({
  address,
  userName: 'mia',
  password: PASSWORD,
  fileId: 7,
  database: 'leave-desk-file-7',
  ...overrides
})

describe('the team server in main', () => {
  it('keeps the password encrypted on disk and never hands it to the page', async () => {
    const team = await officeServer()
    const cipher = aesGcmTestCipher()
    const running = await workspace.startServices({ cipher, hostName: 'FRONT-DESK-2' })
    const saved = await running.services.saveTeamServer(input(team.url))
    expect(saved.ok && saved.value).toMatchObject({ configured: true, userName: 'mia', passwordSaved: true, passwordKeptOnDisk: true })
    expect(saved.ok && saved.value.me.clerkName).toBe('mia at FRONT-DESK-2')
    expect(JSON.stringify(saved)).not.toContain(PASSWORD)
    expect(JSON.stringify(await running.services.getTeamServer())).not.toContain(PASSWORD)
    for (const name of await readdir(workspace.dir())) {
      if (name.endsWith('.bin') || name.endsWith('.json') || name.endsWith('.txt')) {
        expect(await readFile(path.join(workspace.dir(), name), 'utf8'), name).not.toContain(PASSWORD)
      }
    }
    // The next start reads it back with the same key: the clerk does not type it again.
    await running.close()
    const again = await workspace.startServices({ cipher })
    const fetched = await again.services.teamFetch(7, { method: 'GET', path: '' })
    expect(fetched.ok && fetched.value.status).toBe(200)
  })

  it('sends the replicator’s requests to the file’s database with the credentials, and nowhere else', async () => {
    const team = await officeServer()
    const running = await workspace.startServices({ cipher: aesGcmTestCipher() })
    await running.services.saveTeamServer(input(team.url))
    const dispatch = createIpcDispatcher(running.services)

    const put = await dispatch('teamFetch', [7, { method: 'PUT', path: '/request:a:1', contentType: 'application/json', body: '{"employeeId":1}' }])
    expect(put).toMatchObject({ ok: true, value: { status: 201 } })
    const read = await fetch(`${team.url}/leave-desk-file-7/request:a:1`, { headers: { authorization: `Basic ${Buffer.from(`mia:${PASSWORD}`).toString('base64')}` } })
    expect(await read.json()).toMatchObject({ employeeId: 1 })

    for (const escape of ['/../_users/_all_docs', '/%2e%2e/_users', '/%2F_users', 'https://evil.example/x', '//evil.example/x', '/a/../../other']) {
      const refused = await dispatch('teamFetch', [7, { method: 'GET', path: escape }])
      expect(refused.ok, escape).toBe(false)
      expect(!refused.ok && ['bad-input', 'forbidden']).toContain(!refused.ok && refused.error.code)
    }
  })

  it('allows plain http only to this computer, and says which field is wrong', async () => {
    const running = await workspace.startServices()
    const dispatch = createIpcDispatcher(running.services)
    const refused = await dispatch('saveTeamServer', [input('http://couch.office.example')])
    expect(refused).toMatchObject({ ok: false, error: { code: 'bad-input', details: { field: 'server.address' } } })
    expect(!refused.ok && refused.error.message).toMatch(/https/)
  })

  it('Test connection answers each question in plain words', async () => {
    const team = await officeServer()
    const running = await workspace.startServices()
    const good = await running.services.testTeamServer(input(team.url))
    expect(good).toMatchObject({ ok: true, value: { reachable: true, trusted: true, signedIn: true, canWrite: true } })

    const wrongPassword = await running.services.testTeamServer(input(team.url, { password: 'nope' }))
    expect(wrongPassword).toMatchObject({ ok: true, value: { reachable: true, signedIn: false, canWrite: false } })
    expect(wrongPassword.ok && wrongPassword.value.message).toMatch(/did not accept this user name and password/)

    const notMember = await running.services.testTeamServer(input(team.url, { userName: 'zed', password: 'zeds-password' }))
    expect(notMember).toMatchObject({ ok: true, value: { signedIn: true, canWrite: false } })
    expect(notMember.ok && notMember.value.message).toMatch(/add you as a member/)

    const port = team.port
    await team.stop()
    server = undefined
    const gone = await running.services.testTeamServer(input(`http://127.0.0.1:${port}`))
    expect(gone).toMatchObject({ ok: true, value: { reachable: false } })
  })

  it('says when no team server is set up, so the replica stays off', async () => {
    const running = await workspace.startServices()
    expect(await running.services.teamFetch(7, { method: 'GET', path: '' })).toMatchObject({ ok: false, error: { code: 'misconfigured' } })
    expect(await running.services.getTeamServer()).toMatchObject({ ok: true, value: { configured: false } })
  })
})
