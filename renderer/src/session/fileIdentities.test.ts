import { describe, expect, it } from 'vitest'
import { openTestDb } from '../db/testSupport/openTestDb'
import { cacheFileIdentities, fileLabel, readKnownFiles } from './fileIdentities'

describe('file names', () => {
  it('reads "Harbour Cafe Pty Ltd (1001)", or "File 1001" while the name is unknown', () => {
    const known = new Map([[1001, { name: 'Harbour Cafe Pty Ltd', country: 'AU' }], [1002, { name: null, country: null }]])
    expect(fileLabel(1001, known)).toBe('Harbour Cafe Pty Ltd (1001)')
    expect(fileLabel(1002, known)).toBe('File 1002')
    expect(fileLabel(1003, undefined)).toBe('File 1003')
  })

  it('keeps the names on this computer, and an answer without a name does not erase one', async () => {
    const { db } = await openTestDb()
    await cacheFileIdentities(db, [{ id: 1001, name: 'Harbour Cafe Pty Ltd', country: 'AU' }, { id: 1002, name: null, country: null }], 1)
    await cacheFileIdentities(db, [{ id: 1001, name: null, country: null }], 2)
    const known = await readKnownFiles(db)
    expect(known.get(1001)).toEqual({ name: 'Harbour Cafe Pty Ltd', country: 'AU' })
    expect(known.get(1002)).toEqual({ name: null, country: null })
    // The employees' "as of" beside them is untouched.
    expect(await db.referenceMeta.get([1001, 'employees'])).toBeUndefined()
  })
})
