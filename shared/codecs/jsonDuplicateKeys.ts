/**
 * The first key that appears twice in one object of a JSON text, or null. JSON.parse keeps the last
 * duplicate silently (`"Id":5,"Id":null` passes as null), so a body with one is refused instead.
 * The text must already be valid JSON: this scanner only follows structure, it does not check grammar.
 */
export function findDuplicateKey(text: string): string | null {
  const stack: (Set<string> | null)[] = []
  let expectingKey = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charAt(i)
    if (c === '"') {
      const end = stringEnd(text, i)
      if (expectingKey) {
        const key = JSON.parse(text.slice(i, end)) as string
        const keys = stack.at(-1)
        if (keys?.has(key)) return key
        keys?.add(key)
        expectingKey = false
      }
      i = end - 1
    } else if (c === '{') {
      stack.push(new Set())
      expectingKey = true
    } else if (c === '[') {
      stack.push(null)
    } else if (c === '}' || c === ']') {
      stack.pop()
      expectingKey = false
    } else if (c === ',') {
      expectingKey = stack.at(-1) instanceof Set
    }
  }
  return null
}

/** Index just past the closing quote of the string that opens at `start`. */
function stringEnd(text: string, start: number): number {
  let i = start + 1
  while (i < text.length) {
    const c = text.charAt(i)
    if (c === '\\') i += 2
    else if (c === '"') return i + 1
    else i++
  }
  return text.length
}
