import { describe, expect, it } from 'vitest'
import { employeeMatches, MAX_SUGGESTIONS } from './employeeMatches'

const people = [
  { id: 5001, displayName: 'Amelia Jones' },
  { id: 5002, displayName: 'Grace Lee' },
  { id: 5003, displayName: 'Leo Martin' },
  { id: 5004, displayName: 'Olivia Nguyen' },
  { id: 5005, displayName: "Sam O'Leary" }
]
const names = (query: string) => employeeMatches(people, query).map((employee) => employee.displayName)

describe('employeeMatches', () => {
  it('offers everyone (in name order) before anything is typed', () => {
    expect(names('  ')).toHaveLength(5)
  })
  it('matches the start of any word, first names first', () => {
    expect(names('le')).toEqual(['Leo Martin', 'Grace Lee', "Sam O'Leary"])
  })
  it('needs every typed word to match, in any order and case', () => {
    expect(names('NG ol')).toEqual(['Olivia Nguyen'])
  })
  it('finds someone by employee id', () => {
    expect(names('5003')).toEqual(['Leo Martin'])
  })
  it('does not match the middle of a word', () => {
    expect(names('ivia')).toEqual([])
  })
  it('stops at a readable number of suggestions', () => {
    const many = Array.from({ length: 500 }, (_, i) => ({ id: i + 1, displayName: `Person ${i}` }))
    expect(employeeMatches(many, 'person')).toHaveLength(MAX_SUGGESTIONS)
  })
})
