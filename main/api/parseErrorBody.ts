import { parseJson } from '../../shared/codecs/json'
import { bodyFormatOf } from '../../shared/codecs/mediaType'
import { problemFromXml } from '../../shared/codecs/xml'
import { errorFromJson, errorFromProblem, errorFromSentences, type ParsedErrorBody } from './jsonErrorBody'
import { plainText } from './plainText'
import { statusMessage } from './statusMessage'

export type { ParsedErrorBody } from './jsonErrorBody'

/**
 * The message and field issues in an error answer, whatever shape the server chose. The live API's
 * bodies are inconsistent (docs/architecture.md, "The sandbox"), and Content-Type is not always honest, so the
 * text is sniffed as well. Never throws; when nothing readable is found the status speaks.
 */
export function parseErrorBody(status: number, contentType: string | undefined, text: string): ParsedErrorBody {
  try {
    return readBody(contentType, text) ?? { message: statusMessage(status), fieldIssues: [] }
  } catch {
    // A reader tripping on a body we never imagined must not turn a server error into a crash.
    return { message: statusMessage(status), fieldIssues: [] }
  }
}

function readBody(contentType: string | undefined, text: string): ParsedErrorBody | undefined {
  const body = text.replace(/^\uFEFF/, '').trim()
  if (body === '') return undefined
  if (looksLikeHtml(contentType, body)) return undefined
  const format = bodyFormatOf(contentType)
  if (format === 'json' || /^[[{"]/.test(body)) {
    const json = parseJson(body)
    if (json.ok) return errorFromJson(json.value)
    // Declared JSON that does not parse is a broken body; its raw text would only confuse the clerk.
    if (format === 'json') return undefined
  }
  if (format === 'xml' || body.startsWith('<')) return errorFromXml(body)
  return errorFromSentences(body)
}

function errorFromXml(body: string): ParsedErrorBody | undefined {
  const problem = problemFromXml(body)
  if (problem.ok) return errorFromProblem(problem.value)
  // ASP.NET's XML error: <Error><Message>…</Message></Error>.
  const message = /<Message>([\s\S]*?)<\/Message>/i.exec(body)?.[1]
  return message ? errorFromSentences(decodeBasicEntities(message)) : undefined
}

/** An HTML error page (a proxy's, a gateway's) says nothing a clerk can act on beyond its status. */
function looksLikeHtml(contentType: string | undefined, body: string): boolean {
  return /text\/html|application\/xhtml/i.test(contentType ?? '') || /^<(!doctype\s+html|html[\s>])/i.test(body)
}

function decodeBasicEntities(text: string): string {
  return plainText(
    text
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&')
  )
}
