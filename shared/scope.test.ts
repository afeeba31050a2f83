import { describe, expect, it } from 'vitest'
import { formatScope, parseScope } from './scope'

describe('parseScope', () => {
  it('reads the spec form', () => {
    expect(parseScope('FileId:123 FileId:456')).toEqual({ ok: true, value: [123, 456] })
  })

  it('reads the live form: case-insensitive, ignoring entries that are not file ids', () => {
    expect(parseScope('full fileid:15431 fileid:14078')).toEqual({ ok: true, value: [15431, 14078] })
  })

  it('tolerates extra spaces and repeated entries', () => {
    expect(parseScope('  FileId:1001   FileId:1002 FileId:1001 ')).toEqual({ ok: true, value: [1001, 1002] })
    expect(parseScope('')).toEqual({ ok: true, value: [] })
  })

  it.each(['FileId:abc', 'FileId:', 'FileId:-4', 'FileId:0', 'FileId:1.5', 'FileId:99999999999'])('refuses the junk entry %j', (scope) => {
    const result = parseScope(`FileId:1 ${scope}`)
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.error).toContain(scope)
  })

  it('formats what the sandbox emits', () => {
    expect(formatScope([1001, 1002])).toBe('FileId:1001 FileId:1002')
  })
})
