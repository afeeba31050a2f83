import { describe, expect, it } from 'vitest'
import { checkDraft } from '../drafts/checkDraft'
import { emptyDraftContent, type DraftContent } from '../drafts/draftContent'
import { visibleIssues, type IssueSources } from './visibleIssues'

const filled: DraftContent = {
  employeeId: 5001,
  leaveTypePayItemId: 101,
  startDate: '2026-03-02',
  endDate: '2026-03-03',
  leaveStatus: 'Pending',
  notes: '',
  items: [{ date: '2026-03-02', hours: 7.6, isPaid: true }]
}

const view = (content: DraftContent, extra: Partial<IssueSources> = {}) =>
  visibleIssues({ content, ruleIssues: checkDraft(content), serverIssues: [], touched: new Set(), revealAll: false, ...extra })

describe('visibleIssues', () => {
  it('keeps quiet about fields not filled yet while the clerk has not been to them', () => {
    expect(view(emptyDraftContent()).byField.size).toBe(0)
  })

  it('asks for a field once the clerk has left it empty', () => {
    const shown = view(emptyDraftContent(), { touched: new Set(['employeeId']) })
    expect([...shown.byField]).toEqual([['employeeId', ['Choose an employee.']]])
  })

  it('shows every missing field after a queue attempt', () => {
    expect([...view(emptyDraftContent(), { revealAll: true }).byField.keys()]).toEqual([
      'employeeId',
      'leaveTypePayItemId',
      'startDate',
      'endDate'
    ])
  })

  it('shows a real mistake at once, on the field it concerns', () => {
    const shown = view({ ...filled, endDate: '2026-03-01', items: [] })
    expect(shown.byField.get('endDate')).toEqual(['End date must be on or after the start date.'])
  })

  it('puts the server’s messages on their fields, and on the form when no field matches', () => {
    const shown = view(filled, {
      serverIssues: [
        { field: 'employeeId', message: 'Employee 5001 is not active.' },
        { field: 'items.7.hours', message: 'Line 8 is over the daily limit.' },
        { field: '', message: 'Payroll is locked for March.' }
      ]
    })
    expect(shown.byField.get('employeeId')).toEqual(['Employee 5001 is not active.'])
    expect(shown.general).toEqual(['Line 8 is over the daily limit.', 'Payroll is locked for March.'])
  })

  it('does not repeat a message the rules and the server both give', () => {
    const content = { ...filled, endDate: '2026-03-01', items: [] }
    const shown = view(content, { serverIssues: [{ field: 'endDate', message: 'End date must be on or after the start date.' }] })
    expect(shown.byField.get('endDate')).toHaveLength(1)
  })
})
