import { describe, expect, it } from 'vitest'
import { ipcChannels } from '../shared/ipc'
import { createApiClient } from './api/apiClient'
import { fixedAuth } from './api/testSupport/sandboxAuth'
import { startScriptedServer, type ScriptedAnswer, type SeenRequest } from './api/testSupport/scriptedServer'
import { DEMO_CREDENTIALS } from './sandbox'
import { tempWorkspace } from './testSupport/tempWorkspace'

/** Files by name: `GET /FileIdentities` read by main, every page, with the scope's ids where the API has no list. */
const workspace = tempWorkspace('leave-desk-files-')
const servicesAt = async (envApiUrl?: string) => (await workspace.startServices(envApiUrl ? { envApiUrl } : {})).services

const conforming = (result: unknown) => {
  expect(ipcChannels.listFileIdentities.output.safeParse(result).success).toBe(true)
  return result
}

/** A payroll API that signs in with scope 1001 and 1002 and answers the file list with `fileList`. */
async function payrollWithFileList(fileList: (request: SeenRequest) => ScriptedAnswer) {
  const server = await startScriptedServer((request) =>
    request.url.pathname === '/authorisation/token'
      ? {
          status: 200,
          body: JSON.stringify({ access_token: 'a', token_type: 'Bearer', expires_in: 10800, refresh_token: 'r', scope: 'FileId:1001 FileId:1002' })
        }
      : fileList(request)
  )
  workspace.closeLater(server)
  return server
}

describe('listFileIdentities', () => {
  it('names the files of the signed-in clerk, as the sandbox (and the vendor) lists them', async () => {
    const services = await servicesAt()
    expect(await services.signInWithPassword(DEMO_CREDENTIALS.clerk.username, DEMO_CREDENTIALS.clerk.password)).toMatchObject({ ok: true })
    const files = conforming(await services.listFileIdentities())
    expect(files).toMatchObject({ ok: true, value: expect.arrayContaining([{ id: 1001, name: 'Harbour Cafe Pty Ltd', country: 'Australia' }]) })
  })

  it('falls back to the scope’s file numbers, without names, where the API has no file list (404)', async () => {
    const server = await payrollWithFileList(() => ({ status: 404, body: '{"Message":"No HTTP resource was found"}' }))
    const services = await servicesAt(server.baseUrl)
    expect(await services.signInWithPassword('clerk', 'pw')).toMatchObject({ ok: true })
    expect(conforming(await services.listFileIdentities())).toEqual({
      ok: true,
      value: [
        { id: 1001, name: null, country: null },
        { id: 1002, name: null, country: null }
      ]
    })
    const asked = server.requests.find((r) => r.url.pathname === '/FileIdentities')
    expect(asked?.url.searchParams.has('FileId')).toBe(false)
    expect(asked?.headers.authorization).toBe('Bearer a')
  })

  it('a legacy key opens one file: its number, without asking the account-level list', async () => {
    const services = await servicesAt()
    const { wsAccessKey, fileId } = DEMO_CREDENTIALS.legacyKey
    expect(await services.signInWithLegacyKey(wsAccessKey, fileId)).toMatchObject({ ok: true })
    expect(await services.listFileIdentities()).toEqual({ ok: true, value: [{ id: fileId, name: null, country: null }] })
  })

  it('offers a file of the scope that the list leaves out, by its number', async () => {
    const listed = { FileIdentities: [{ Id: 1001, Name: 'Harbour Cafe Pty Ltd', Country: 'Australia', _links: [] }], _links: [] }
    const server = await payrollWithFileList(() => ({ status: 200, body: JSON.stringify(listed) }))
    const services = await servicesAt(server.baseUrl)
    await services.signInWithPassword('clerk', 'pw')
    expect(await services.listFileIdentities()).toEqual({
      ok: true,
      value: [
        { id: 1001, name: 'Harbour Cafe Pty Ltd', country: 'Australia' },
        { id: 1002, name: null, country: null }
      ]
    })
  })

  it('other failures are not hidden behind a fallback', async () => {
    const server = await payrollWithFileList(() => ({ status: 503, body: '' }))
    const services = await servicesAt(server.baseUrl)
    await services.signInWithPassword('clerk', 'pw')
    expect(await services.listFileIdentities()).toMatchObject({ ok: false, error: { code: 'unavailable' } })
  })
})

describe('the API client walks every page of the file list', () => {
  it('reads 230 files over three pages of 100', async () => {
    const all = Array.from({ length: 230 }, (_, i) => ({ Id: 5000 + i, Name: `Business ${i}`, Country: i % 2 ? 'NZ' : null, _links: [] }))
    const server = await startScriptedServer((request) => {
      const page = Number(request.url.searchParams.get('Page'))
      const size = Number(request.url.searchParams.get('PageSize'))
      return { status: 200, body: JSON.stringify({ FileIdentities: all.slice((page - 1) * size, page * size), _links: [] }) }
    })
    workspace.closeLater(server)
    const client = createApiClient({ baseUrl: server.baseUrl, auth: fixedAuth({ kind: 'bearer', accessToken: 't', generation: 1 }) })
    workspace.closeLater(client)
    const listed = await client.listFileIdentities()
    expect(listed.ok && listed.value.map((f) => f.Id)).toEqual(all.map((f) => f.Id))
    expect(server.requests.map((r) => r.url.searchParams.get('Page'))).toEqual(['1', '2', '3'])
  })
})
