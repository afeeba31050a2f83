import type { EntityDecoderOptions } from 'fast-xml-parser'

/**
 * The only entity decoding we allow: the five predefined XML entities and character references.
 * Entities a DOCTYPE declares are never expanded (addInputEntities ignores them), so even if a DOCTYPE
 * slipped past the up-front refusal there would be no XXE and no billion laughs. Anything else is noted
 * as a problem, so the decoder can refuse the document instead of passing `&foo;` on as text.
 */
export type StrictEntityDecoder = EntityDecoderOptions & { problem: () => string | null }

const PREDEFINED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }
const REFERENCE = /&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z_][\w.-]*);/g

export function strictEntityDecoder(): StrictEntityDecoder {
  let problem: string | null = null
  const note = (message: string) => {
    problem ??= message
  }
  const decodeOne = (whole: string, name: string): string => {
    if (!name.startsWith('#')) {
      const value = PREDEFINED[name]
      if (value === undefined) note(`The XML uses the entity ${whole}, which is not defined; only &amp; &lt; &gt; &quot; &apos; and character references are allowed.`)
      return value ?? whole
    }
    const code = name.startsWith('#x') ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10)
    if (!isXmlChar(code)) {
      note(`The XML has a character reference ${whole} to a character XML does not allow.`)
      return whole
    }
    return String.fromCodePoint(code)
  }
  return {
    decode: (text: string) => (text.includes('&') ? text.replace(REFERENCE, decodeOne) : text),
    setExternalEntities: () => undefined,
    addInputEntities: () => undefined,
    reset: () => {
      problem = null
    },
    setXmlVersion: () => undefined,
    problem: () => problem
  }
}

/** XML 1.0 §2.2 Char. */
export function isXmlChar(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  )
}
