// An .eml message parsed enough to assert on — headers, and the text and HTML parts decoded. Works
// in Node and inside workerd (nodejs_compat's Buffer): the Worker tests read mail_deliveries.raw.

export interface Eml {
  file: string
  headers: Record<string, string>
  to: string
  subject: string
  text: string
  html: string
  raw: string
}

/** RFC 2047 encoded-words (=?UTF-8?B?…?=) back to text. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?B\?([^?]*)\?=/gi, (_, b64: string) => Buffer.from(b64, 'base64').toString('utf8'))
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const line of block.replace(/\r\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const at = line.indexOf(':')
    if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim()
  }
  return headers
}

function decodePart(headers: Record<string, string>, body: string): string {
  if (/base64/i.test(headers['content-transfer-encoding'] ?? ''))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  return body
}

export function parseEml(raw: string, file = ''): Eml {
  const split = raw.indexOf('\r\n\r\n')
  const headers = parseHeaders(raw.slice(0, split))
  const body = raw.slice(split + 4)
  let text = ''
  let html = ''
  const boundary = /boundary="([^"]+)"/.exec(headers['content-type'] ?? '')?.[1]
  if (boundary) {
    for (const part of body.split(`--${boundary}`)) {
      const at = part.indexOf('\r\n\r\n')
      if (at < 0) continue
      const partHeaders = parseHeaders(part.slice(0, at).trim())
      const content = decodePart(partHeaders, part.slice(at + 4))
      if ((partHeaders['content-type'] ?? '').startsWith('text/plain')) text = content
      if ((partHeaders['content-type'] ?? '').startsWith('text/html')) html = content
    }
  } else text = decodePart(headers, body)
  return { file, headers, to: headers.to ?? '', subject: decodeWords(headers.subject ?? ''), text, html, raw }
}

/** The first link in a message's text that contains `part`. */
export function linkIn(mail: Eml, part: string): string {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((l) => l.includes(part))
  if (!link) throw new Error(`No link with ${part} in the e-mail to ${mail.to}: ${mail.text}`)
  return link
}
