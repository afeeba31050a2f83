import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import writeXlsxFile from 'write-excel-file/node'
import type { Employee, PayItem } from '../../../shared/apiSchemas'
import type { CachedEmployee, CachedLeaveType } from '../../../renderer/src/db'

/** Test support: spreadsheet files written to a temporary folder and read back as the app would get them. */

export const FILE_ID = 1001

export const LEAVE_TYPES: PayItem[] = [
  { Id: 501, Name: 'Annual Leave' },
  { Id: 502, Name: 'Personal/Carer’s Leave' },
  { Id: 503, Name: 'Long Service Leave' }
]

const person = (Id: number, FirstName: string, LastName: string, IsActive = true): Employee => ({
  Id,
  FirstName,
  LastName,
  DisplayName: `${FirstName} ${LastName}`,
  IsActive
})

/** Two people called Sam Lee, so a name alone cannot say which. */
export const EMPLOYEES: Employee[] = [
  person(11, 'Aroha', 'Ngata'),
  person(12, 'Zoë', 'Müller'),
  person(13, 'Sam', 'Lee'),
  person(14, 'Sam', 'Lee'),
  person(15, 'José', 'Pérez')
]

export function asReference(): { employees: CachedEmployee[]; leaveTypes: CachedLeaveType[] } {
  return {
    employees: EMPLOYEES.map((e) => ({
      fileId: FILE_ID,
      id: e.Id,
      firstName: e.FirstName,
      lastName: e.LastName,
      displayName: e.DisplayName,
      isActive: e.IsActive,
      leaveBalances: []
    })),
    leaveTypes: LEAVE_TYPES.map((t) => ({ fileId: FILE_ID, id: t.Id, name: t.Name }))
  }
}

export async function fixtureFolder(): Promise<string> {
  return mkdtemp(path.join(tmpdir(), 'leave-desk-import-'))
}

export type TextEncoding = 'utf-8' | 'utf-8-bom' | 'windows-1252'

/** Writes rows as delimited text in the given encoding (Windows-1252 by its Latin-1 range, which is all these names use). */
export async function writeDelimited(
  folder: string,
  name: string,
  rows: readonly (readonly string[])[],
  separator: string,
  encoding: TextEncoding
): Promise<Uint8Array> {
  const text = rows.map((cells) => cells.join(separator)).join('\r\n') + '\r\n'
  const body = encoding === 'windows-1252' ? Buffer.from(text, 'latin1') : Buffer.from(text, 'utf8')
  const bytes = encoding === 'utf-8-bom' ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), body]) : body
  const file = path.join(folder, name)
  await writeFile(file, bytes)
  return new Uint8Array(await readFile(file))
}

export type XlsxCell = string | number | Date | null

export async function writeXlsx(folder: string, name: string, rows: readonly (readonly XlsxCell[])[]): Promise<Uint8Array> {
  const file = path.join(folder, name)
  await writeXlsxFile(
    rows.map((cells) => cells.map((value) => (value instanceof Date ? { value, type: Date, format: 'dd/mm/yyyy' } : value))),
    {}
  ).toFile(file)
  return new Uint8Array(await readFile(file))
}
