import type { TextEncodingName } from './decodeText'

/** Where a spreadsheet's cells came from, for the preview's "Read as …" line. */
export type SheetOrigin =
  | { kind: 'csv'; encoding: TextEncodingName; separator: Separator }
  | { kind: 'xlsx'; sheetName: string }
  | { kind: 'paste'; separator: Separator }

export type Separator = ',' | ';' | '\t'

export const SEPARATORS: readonly Separator[] = [',', ';', '\t']

export const separatorLabels: Readonly<Record<Separator, string>> = { ',': 'commas', ';': 'semicolons', '\t': 'tabs' }

/** Every cell as text, as the clerk sees it in the spreadsheet; rows as they come, the header included. */
export interface Sheet {
  rows: string[][]
  origin: SheetOrigin
}
