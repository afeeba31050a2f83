import type { Result } from '../../../shared/result'
import { readPastedCells, type ImportError, type Sheet } from '../../../shared/import'
import { readSpreadsheetOffThread } from './readSpreadsheetOffThread'
import type { ImportReference, ImportSetup } from './previewRows'
import { layoutKey, rememberedMapping } from './rememberedMappings'
import { startSetup, type SetupChoices } from './startSetup'

/** Where the cells came from: a file (by name, for the drafts' source and the remembered mapping) or a paste. */
export type SheetSource = { kind: 'file'; fileName: string } | { kind: 'paste' }

export interface OpenedSheet {
  setup: ImportSetup
  dateFormatCertain: boolean
  source: SheetSource
  /** Under which key the mapping is remembered once the clerk accepts. */
  layout: string
}

/** A file or a paste read into a first setup, with a mapping remembered from a file laid out the same way. */
export async function openSheet(
  input: { kind: 'file'; fileName: string; bytes: Uint8Array } | { kind: 'paste'; text: string },
  reference: ImportReference,
  choices: Omit<SetupChoices, 'rememberedMapping'>,
  storage?: Storage
): Promise<Result<OpenedSheet, ImportError>> {
  // A file is read off the page's thread (a workbook may be hostile); a paste is text already, and small.
  const read = input.kind === 'file' ? await readSpreadsheetOffThread(input.bytes) : readPastedCells(input.text)
  if (!read.ok) return read
  return { ok: true, value: setUp(read.value, input.kind === 'file' ? { kind: 'file', fileName: input.fileName } : { kind: 'paste' }, reference, choices, storage) }
}

function setUp(sheet: Sheet, source: SheetSource, reference: ImportReference, choices: Omit<SetupChoices, 'rememberedMapping'>, storage?: Storage): OpenedSheet {
  const first = startSetup(sheet, reference, choices)
  const layout = layoutKey(first.hasHeader ? sheet.rows[0] : undefined, source.kind === 'file' ? source.fileName : 'pasted cells')
  const remembered = rememberedMapping(layout, storage)
  const { dateFormatCertain, ...setup } = remembered ? startSetup(sheet, reference, { ...choices, rememberedMapping: remembered }) : first
  return { setup, dateFormatCertain, source, layout }
}
