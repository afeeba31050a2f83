import { describe, expect, it } from 'vitest'
import { FaultBook } from './faultBook'

const INSERT = 'post /payroll/leaverequest'

describe('FaultBook', () => {
  it('applies a rule with probability p when the random draw is below p', () => {
    const draws = [0.2, 0.8]
    const book = new FaultBook(() => draws.shift() ?? 1)
    book.add({ kind: 'status', status: 500, probability: 0.5 })
    expect(book.take(INSERT, INSERT, false)?.kind).toBe('status')
    expect(book.take(INSERT, INSERT, false)).toBeNull()
  })

  it('matches a concrete path as well as the route pattern', () => {
    const book = new FaultBook()
    book.add({ kind: 'drop-after-commit', route: 'PUT /Payroll/LeaveRequest/7' })
    expect(book.take('put /payroll/leaverequest/:id', 'put /payroll/leaverequest/8', false)).toBeNull()
    expect(book.take('put /payroll/leaverequest/:id', 'put /payroll/leaverequest/7', false)?.kind).toBe('drop-after-commit')
  })

  it('matches a route written with {id}', () => {
    const book = new FaultBook()
    book.add({ kind: 'reset-before-commit', route: 'GET /Payroll/LeaveRequest/{id}' })
    expect(book.take('get /payroll/leaverequest/:id', 'get /payroll/leaverequest/3', false)?.kind).toBe('reset-before-commit')
  })

  it('uses up a rule after `times` matches and then falls through to the next', () => {
    const book = new FaultBook()
    book.add({ kind: 'status', status: 503, times: 1 })
    book.add({ kind: 'latency', ms: 10 })
    expect(book.take(INSERT, INSERT, false)?.kind).toBe('status')
    expect(book.take(INSERT, INSERT, false)?.kind).toBe('latency')
  })
})
