/**
 * Why a file could not be read at all (as opposed to a row with a problem, which the preview shows on
 * the row). `row` and `column` are 1-based, as a spreadsheet numbers them, when the problem has a place.
 */
export type ImportErrorCode = 'too-large' | 'empty' | 'malformed' | 'too-many-rows' | 'not-a-spreadsheet'

export interface ImportError {
  code: ImportErrorCode
  message: string
  row?: number
  column?: number
}

/** 1 → A, 27 → AA: the column letters a spreadsheet shows. */
export function columnLetter(column: number): string {
  let n = column
  let letters = ''
  while (n > 0) {
    const rest = (n - 1) % 26
    letters = String.fromCharCode(65 + rest) + letters
    n = Math.floor((n - 1) / 26)
  }
  return letters
}
