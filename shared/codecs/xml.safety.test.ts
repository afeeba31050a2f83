import { describe, expect, it } from 'vitest'
import { insertUpdateResultFromXml, leaveRequestFromXml, payItemListFromXml, problemFromXml } from './xml'
import { strictEntityDecoder } from './xmlEntities'

const refused = (message: string | RegExp) => ({ ok: false, error: expect.stringMatching(message) })

describe('XML decoders refuse what could hurt', () => {
  it('refuses an external entity (XXE)', () => {
    const xml = `<?xml version="1.0"?>
<!DOCTYPE LeaveRequest [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<LeaveRequest><Notes>&xxe;</Notes></LeaveRequest>`
    expect(leaveRequestFromXml(xml)).toEqual(refused(/DOCTYPE or ENTITY declaration, which is refused/))
  })

  it('refuses a billion laughs quickly and without expanding it', () => {
    const levels = Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`).join('\n')
    const xml = `<?xml version="1.0"?>\n<!DOCTYPE lolz [\n<!ENTITY lol0 "lol">\n${levels}\n]>\n<LeaveRequest><Notes>&lol9;</Notes></LeaveRequest>`
    const started = performance.now()
    expect(leaveRequestFromXml(xml)).toEqual(refused(/DOCTYPE or ENTITY/))
    expect(performance.now() - started).toBeLessThan(1000)
  })

  it.each(['<!DOCTYPE LeaveRequest><LeaveRequest/>', '<!doctype LeaveRequest><LeaveRequest/>', '<LeaveRequest><!ENTITY a "b"></LeaveRequest>'])(
    'refuses any DTD: %s',
    (xml) => {
      expect(leaveRequestFromXml(xml)).toEqual(refused(/DOCTYPE or ENTITY/))
    }
  )

  it('refuses an entity no DTD defines instead of passing it on as text', () => {
    expect(leaveRequestFromXml('<LeaveRequest><Notes>&nbsp;</Notes></LeaveRequest>')).toEqual(
      refused(/entity &nbsp;, which is not defined/)
    )
  })

  it('refuses a character reference to a character XML forbids', () => {
    expect(leaveRequestFromXml('<LeaveRequest><Notes>&#0;</Notes></LeaveRequest>')).toEqual(refused(/&#0;/))
  })

  it('never expands entities a DOCTYPE declares, even if one got past the up-front check', () => {
    const decoder = strictEntityDecoder()
    decoder.addInputEntities({ xxe: 'secret' })
    expect(decoder.decode('a &xxe; b &amp;')).toBe('a &xxe; b &')
    expect(decoder.problem()).toMatch(/&xxe;/)
  })

  it('refuses names that would pollute prototypes', () => {
    expect(leaveRequestFromXml('<LeaveRequest><__proto__><polluted>1</polluted></__proto__></LeaveRequest>')).toEqual(
      refused(/could not be read/)
    )
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})

describe('XML decoders refuse what could mislead', () => {
  it.each([
    [leaveRequestFromXml, '<Foo><EmployeeId>7</EmployeeId></Foo>', 'Expected a LeaveRequest element, found Foo.'],
    [leaveRequestFromXml, '<leaverequest/>', 'Expected a LeaveRequest element, found leaverequest.'],
    [leaveRequestFromXml, '<InsertUpdateResult><Id>1</Id></InsertUpdateResult>', 'Expected a LeaveRequest element, found InsertUpdateResult.'],
    [insertUpdateResultFromXml, '<LeaveRequest/>', 'Expected a InsertUpdateResult element, found LeaveRequest.'],
    [payItemListFromXml, '<Items><PayItem/></Items>', 'Expected a PayItemListResponse element, found Items.']
  ])('refuses the wrong root (%#)', (decode, xml, message) => {
    expect(decode(xml)).toEqual({ ok: false, error: message })
  })

  it.each([
    ['two roots', '<LeaveRequest/><LeaveRequest/>', /more than one top-level element/],
    ['a root and another element', '<LeaveRequest/><Foo/>', /more than one top-level element/],
    ['truncated', '<LeaveRequest><EmployeeId>7</Employ', /not well formed \(line 1, column \d+\)/],
    ['unclosed', '<LeaveRequest><Notes>hi</Notes>', /not well formed .*Unclosed tag 'LeaveRequest'/],
    ['mismatched tags', '<LeaveRequest><Notes>hi</Status></LeaveRequest>', /not well formed/],
    ['a bare ampersand', '<LeaveRequest><Notes>Tom & Jerry</Notes></LeaveRequest>', /not well formed/],
    ['text after the root', '<LeaveRequest></LeaveRequest>trailing', /not well formed/],
    ['text after a self-closing root', '<LeaveRequest/>trailing', /text outside its root element/],
    ['text after a root and a comment', '<LeaveRequest/>\n<!-- note -->\ntrailing', /text outside its root element/],
    ['JSON instead of XML', '{"EmployeeId": 7}', /not well formed/],
    ['empty', '', /The body is empty; a LeaveRequest XML document was expected\./],
    ['white space only', ' \n ', /The body is empty/],
    ['a list holding the wrong elements', '<LeaveRequest><Items><Item/></Items></LeaveRequest>', /Items may only contain LeaveRequestItem elements, found Item\./],
    ['text where a list belongs', '<LeaveRequest><Items>none</Items></LeaveRequest>', /Items should contain LeaveRequestItem elements, found text\./],
    ['text where fields belong', '<LeaveRequest>hello</LeaveRequest>', /LeaveRequest should contain fields, found text\./],
    ['text mixed with fields', '<LeaveRequest>hi<EmployeeId>7</EmployeeId></LeaveRequest>', /LeaveRequest mixes text with elements\./],
    ['a field given twice', '<LeaveRequest><EmployeeId>7</EmployeeId><EmployeeId>8</EmployeeId></LeaveRequest>', /EmployeeId appears more than once in LeaveRequest\./],
    ['nesting beyond reason', `<LeaveRequest>${'<a>'.repeat(500)}${'</a>'.repeat(500)}</LeaveRequest>`, /could not be read/]
  ])('refuses %s', (_name, xml, message) => {
    expect(leaveRequestFromXml(xml)).toEqual(refused(message))
  })

  it('never throws, whatever it is given', () => {
    const inputs = ['<', '<<>>', '<?xml?>', '<![CDATA[x]]>', '<LeaveRequest', '\u0000', '<LeaveRequest></LeaveRequest', 42 as unknown as string]
    for (const input of inputs) {
      expect(() => leaveRequestFromXml(input)).not.toThrow()
      expect(() => problemFromXml(input)).not.toThrow()
      expect(leaveRequestFromXml(input).ok).toBe(false)
    }
  })
})
