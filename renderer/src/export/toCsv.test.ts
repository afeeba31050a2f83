import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import { toCsv } from './toCsv'

/** What a spreadsheet sees when it splits the file's lines on `separator` and ignores quotes mid-field. */
function cellsSplitOn(csv: string, separator: string): string[] {
  return csv.slice(1).split(/\r\n|\r|\n/).flatMap((line) => line.split(separator))
}

const FORMULA = /^ *[=+\-@\t\r]/

describe('CSV export against formula injection', () => {
  it('gives no cell that starts a formula when Excel splits on `;` (de-DE, fr-FR), on commas or on tabs', () => {
    const notes = ['x;=1+1', 'a; =HYPERLINK("http://evil.test")', 'ok,@SUM(1)', 'line\n+1', 'tab\t-2', '=start', 'x;;=2']
    const csv = toCsv(['Notes'], notes.map((note) => [note]))
    for (const separator of [';', ',', '\t']) {
      const formulas = cellsSplitOn(csv, separator).filter((cell) => FORMULA.test(cell.replace(/^"/, '')))
      expect(formulas, `split on ${JSON.stringify(separator)}`).toEqual([])
    }
  })

  it('keeps the text readable: an apostrophe before each formula character that could start a cell, nothing else', () => {
    const csv = toCsv(['Notes', 'Hours'], [['x;=1+1 and a-b, c=d', -3.5], ['plain; text', 7.6]])
    expect(Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true }).data).toEqual([
      ['Notes', 'Hours'],
      ["x;'=1+1 and a-b, c=d", '-3.5'],
      ['plain; text', '7.6']
    ])
  })
})
