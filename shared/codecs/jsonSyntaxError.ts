/**
 * Finds where a text stops being JSON and says why in plain words. JSON.parse's own messages differ
 * between engines (Node and Chromium), sometimes omit the position, and quote the input back (which can
 * be long or private), so parseJson asks this scanner instead once JSON.parse has refused a text.
 *
 * The scanner keeps its own stack rather than recursing, so deep nesting cannot overflow it.
 */
export type JsonSyntaxError = { index: number; problem: string }

type Container = 'object' | 'array'
type Expecting = 'value' | 'value-or-close' | 'key' | 'key-or-close' | 'colon' | 'comma-or-close'

const WHITESPACE = new Set([' ', '\t', '\n', '\r'])
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y
const ESCAPABLE = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't'])

export function findJsonSyntaxError(text: string): JsonSyntaxError | null {
  const stack: Container[] = []
  let expecting: Expecting = 'value'
  let i = 0
  for (;;) {
    while (i < text.length && WHITESPACE.has(text.charAt(i))) i++
    if (i >= text.length) return atEnd(stack, expecting, i)
    const c = text.charAt(i)
    const top = stack[stack.length - 1]
    if ((expecting === 'value-or-close' && c === ']') || (expecting === 'key-or-close' && c === '}')) {
      stack.pop()
      i++
      expecting = 'comma-or-close'
    } else if (expecting === 'value' || expecting === 'value-or-close') {
      if (c === '{' || c === '[') {
        stack.push(c === '{' ? 'object' : 'array')
        i++
        expecting = c === '{' ? 'key-or-close' : 'value-or-close'
      } else {
        const end = scalarEnd(text, i)
        if (typeof end !== 'number') return end
        i = end
        expecting = 'comma-or-close'
      }
    } else if (expecting === 'key' || expecting === 'key-or-close') {
      if (c !== '"') return { index: i, problem: `expected a property name in double quotes, found ${shown(c)}` }
      const end = stringEnd(text, i)
      if (typeof end !== 'number') return end
      i = end
      expecting = 'colon'
    } else if (expecting === 'colon') {
      if (c !== ':') return { index: i, problem: `expected ':' after the property name, found ${shown(c)}` }
      i++
      expecting = 'value'
    } else if (top === undefined) {
      return { index: i, problem: `unexpected ${shown(c)} after the end of the JSON value` }
    } else if (c === ',') {
      i++
      expecting = top === 'object' ? 'key' : 'value'
    } else if ((top === 'object' && c === '}') || (top === 'array' && c === ']')) {
      stack.pop()
      i++
    } else {
      const close = top === 'object' ? '}' : ']'
      return { index: i, problem: `expected ',' or '${close}', found ${shown(c)}` }
    }
  }
}

function atEnd(stack: Container[], expecting: Expecting, index: number): JsonSyntaxError | null {
  if (stack.length === 0 && expecting === 'comma-or-close') return null
  if (stack.length === 0 && index === 0) return { index, problem: 'the text is empty' }
  if (stack.length === 0) return { index, problem: 'there is no value, only white space' }
  return { index, problem: `the text ends before the ${stack.at(-1) === 'object' ? 'object' : 'list'} is closed` }
}

function scalarEnd(text: string, start: number): number | JsonSyntaxError {
  const c = text.charAt(start)
  if (c === '"') return stringEnd(text, start)
  for (const literal of ['true', 'false', 'null']) {
    if (text.startsWith(literal, start)) return start + literal.length
  }
  NUMBER.lastIndex = start
  if (NUMBER.test(text)) return NUMBER.lastIndex
  if (c === "'") return { index: start, problem: 'text must be in double quotes, not single quotes' }
  return { index: start, problem: `expected a value, found ${shown(c)}` }
}

function stringEnd(text: string, start: number): number | JsonSyntaxError {
  let i = start + 1
  while (i < text.length) {
    const c = text.charAt(i)
    if (c === '"') return i + 1
    if (c < ' ') return { index: i, problem: 'a line break or control character inside a string must be escaped' }
    if (c === '\\') {
      const next = text.charAt(i + 1)
      if (next === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
        i += 6
        continue
      }
      if (!ESCAPABLE.has(next)) return { index: i, problem: 'a string has an invalid escape sequence' }
      i += 2
      continue
    }
    i++
  }
  return { index: start, problem: 'a string is not closed' }
}

function shown(c: string): string {
  return c >= ' ' ? `'${c}'` : `a control character (code ${c.charCodeAt(0)})`
}
