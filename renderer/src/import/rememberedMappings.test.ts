import { describe, expect, it } from 'vitest'
import { layoutKey, rememberedMapping, rememberMapping } from './rememberedMappings'

function memoryStorage(): Storage {
  const items = new Map<string, string>()
  return {
    get length() {
      return items.size
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value)
  }
}

describe('remembered column mappings', () => {
  it('gives back the mapping accepted for a file laid out the same way, whatever its name', () => {
    const storage = memoryStorage()
    const march = layoutKey(['Who', 'What', 'From', 'To'], 'march.csv')
    rememberMapping(march, { employee: 0, leaveType: 1, startDate: 2, endDate: 3 }, storage)
    expect(rememberedMapping(layoutKey(['WHO', 'what', 'From ', 'To'], 'april.csv'), storage)).toEqual({ employee: 0, leaveType: 1, startDate: 2, endDate: 3 })
    expect(rememberedMapping(layoutKey(['Employee', 'Type'], 'march.csv'), storage)).toBeUndefined()
  })

  it('remembers a file without headers by its name', () => {
    const storage = memoryStorage()
    rememberMapping(layoutKey(undefined, 'Roster.CSV'), { employee: 2 }, storage)
    expect(rememberedMapping(layoutKey(undefined, 'roster.csv'), storage)).toEqual({ employee: 2 })
  })

  it('ignores what it cannot read instead of failing the import', () => {
    const storage = memoryStorage()
    storage.setItem('leave-desk.import-mappings', '{"headers:a":{"employee":"zero","leaveType":-1,"notes":3}}')
    expect(rememberedMapping('headers:a', storage)).toEqual({ notes: 3 })
    storage.setItem('leave-desk.import-mappings', 'not json')
    expect(rememberedMapping('headers:a', storage)).toBeUndefined()
  })
})
