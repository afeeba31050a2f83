import { describe, expect, it } from 'vitest'
import { checkDraft } from './checkDraft'
import { emptyDraftContent } from './draftContent'
import { toEditorField } from './editorFields'
import { sampleDraftContent } from './testSupport/sampleDraft'

const valid = sampleDraftContent({ endDate: '2026-03-04' })

describe('checkDraft', () => {
  it('finds nothing wrong with a complete draft', () => {
    expect(checkDraft(valid)).toEqual([])
  })

  it('asks plainly for each missing choice, once per field', () => {
    expect(checkDraft(emptyDraftContent())).toEqual([
      { field: 'employeeId', message: 'Choose an employee.' },
      { field: 'leaveTypePayItemId', message: 'Choose a leave type.' },
      { field: 'startDate', message: 'Enter a start date.' },
      { field: 'endDate', message: 'Enter an end date.' }
    ])
  })

  it('puts the rules’ messages on the editor’s own fields', () => {
    const issues = checkDraft({
      ...valid,
      endDate: '2026-03-01',
      items: [
        { date: '2026-03-02', hours: 7.6, isPaid: true },
        { date: '2026-03-03', hours: 25, isPaid: true }
      ]
    })
    expect(issues).toContainEqual({ field: 'endDate', message: 'End date must be on or after the start date.' })
    expect(issues).toContainEqual({ field: 'items.1.hours', message: 'Hours cannot be more than 24 in one day.' })
  })

  it('requires the day-by-day lines for an approved request', () => {
    expect(checkDraft({ ...valid, leaveStatus: 'Approved', items: [] })).toEqual([
      { field: 'items', message: 'An approved request must come with its days: add them before approving it.' }
    ])
  })

  it('flags a line outside the leave on that line’s date', () => {
    const issues = checkDraft({ ...valid, items: [{ date: '2026-03-09', hours: 7.6, isPaid: true }] })
    expect(issues.map((issue) => issue.field)).toEqual(['items.0.date'])
  })
})

describe('toEditorField', () => {
  it.each([
    ['EmployeeId', 'employeeId'],
    ['LeaveTypePayItemId', 'leaveTypePayItemId'],
    ['StartDate', 'startDate'],
    ['Status', 'leaveStatus'],
    ['Items', 'items'],
    ['Items.2.Hours', 'items.2.hours'],
    ['Items[2].Hours', 'items.2.hours'],
    ['items.0.isPaid', 'items.0.isPaid'],
    ['Items.3.LineNumber', 'items.3'],
    ['ENDDATE', 'endDate'],
    ['Id', ''],
    ['', '']
  ])('maps %j to %j', (apiField, editorField) => {
    expect(toEditorField(apiField)).toBe(editorField)
  })

  it('is idempotent, so issues already in editor names pass through unchanged', () => {
    for (const field of ['employeeId', 'items.2.hours', 'leaveStatus', 'notes']) expect(toEditorField(field)).toBe(field)
  })
})
