import { acceptedFormat, type BodyFormat } from '../../shared/codecs/mediaType'

/**
 * The format and media type of a response, from the Accept header. The format follows the codec's
 * negotiation (JSON by default); the media type echoes the family the client named, so a client that
 * asks for `text/xml` gets `text/xml` back, as spec §4.1 lists all four types for responses.
 */
export interface ResponseFormat {
  format: BodyFormat
  mediaType: string
}

export function responseFormatOf(accept: string | undefined): ResponseFormat {
  const format = acceptedFormat(accept)
  const named = (accept ?? '').toLowerCase()
  const wantsText = new RegExp(`(^|[,\\s])text/${format}\\s*(;|,|$)`).test(named)
  const wantsApplication = new RegExp(`(^|[,\\s])application/${format}\\s*(;|,|$)`).test(named)
  const family = wantsText && !wantsApplication ? 'text' : 'application'
  return { format, mediaType: `${family}/${format}` }
}
