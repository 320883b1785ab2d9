// Internet messages (RFC 5322 + MIME, RFC 2045–2047) for every e-mail Courtside sends (docs/notifications.md).
// One composer serves every transport: the HTTP mail API and Cloudflare's e-mail binding both take the
// raw message, and the local stand-in writes exactly these bytes as an .eml file.

export interface MailMessage {
  from: string
  to: string
  subject: string
  text: string
  html?: string
  /** One-click unsubscribe (RFC 8058): the URL a mail client POSTs `List-Unsubscribe=One-Click` to. */
  unsubscribeUrl?: string
  /** Extra headers (e.g. X-Courtside-Kind), ASCII values. */
  headers?: Record<string, string>
  date?: Date
  messageId?: string
  language?: string
}

const CRLF = '\r\n'

const isAscii = (text: string) => /^[\x20-\x7e]*$/.test(text)

function base64Utf8(text: string): string {
  const bytes = new TextEncoder().encode(text)
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/** A header value that may hold any Unicode: RFC 2047 encoded-words of at most 75 characters each. */
export function encodeHeaderValue(value: string): string {
  if (isAscii(value)) return value
  const words: string[] = []
  let chunk = ''
  // Whole code points per word, and each word's encoding under 75 characters.
  for (const char of value) {
    const next = chunk + char
    if (`=?UTF-8?B?${base64Utf8(next)}?=`.length > 75) {
      words.push(`=?UTF-8?B?${base64Utf8(chunk)}?=`)
      chunk = char
    } else chunk = next
  }
  if (chunk) words.push(`=?UTF-8?B?${base64Utf8(chunk)}?=`)
  return words.join(`${CRLF} `)
}

/** `Name <address>` with the name encoded when it is not plain ASCII. */
export function encodeAddress(mailbox: string): string {
  const match = /^\s*(.*?)\s*<([^<>]+)>\s*$/.exec(mailbox)
  if (!match) return mailbox.trim()
  const [, name, address] = match
  if (!name) return `<${address}>`
  const quoted = isAscii(name) ? `"${name.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"` : encodeHeaderValue(name)
  return `${quoted} <${address}>`
}

/** The bare address of `Name <address>` (or the address itself). */
export function addressOf(mailbox: string): string {
  return (/<([^<>]+)>/.exec(mailbox)?.[1] ?? mailbox).trim()
}

const wrap76 = (text: string) => text.replace(/.{1,76}/g, (line) => `${line}${CRLF}`).trimEnd()

function part(type: string, body: string) {
  return [`Content-Type: ${type}; charset=UTF-8`, 'Content-Transfer-Encoding: base64', '', wrap76(base64Utf8(body))].join(CRLF)
}

/** A random MIME boundary that cannot occur in base64 bodies. */
const boundary = () => `=_courtside_${crypto.randomUUID().replaceAll('-', '')}`

/** The whole message, CRLF line endings, ready for any transport. */
export function composeEml(message: MailMessage): string {
  const date = message.date ?? new Date()
  const domain = addressOf(message.from).split('@')[1] ?? 'courtside.local'
  const headers: [string, string][] = [
    ['From', encodeAddress(message.from)],
    ['To', encodeAddress(message.to)],
    ['Subject', encodeHeaderValue(message.subject)],
    ['Date', date.toUTCString().replace('GMT', '+0000')],
    ['Message-ID', message.messageId ?? `<${crypto.randomUUID()}@${domain}>`],
    ['MIME-Version', '1.0'],
  ]
  if (message.language) headers.push(['Content-Language', message.language])
  if (message.unsubscribeUrl) {
    headers.push(['List-Unsubscribe', `<${message.unsubscribeUrl}>`])
    headers.push(['List-Unsubscribe-Post', 'List-Unsubscribe=One-Click'])
  }
  for (const [name, value] of Object.entries(message.headers ?? {})) headers.push([name, value])
  let body: string
  if (message.html) {
    const b = boundary()
    headers.push(['Content-Type', `multipart/alternative; boundary="${b}"`])
    body = [`--${b}`, part('text/plain', message.text), `--${b}`, part('text/html', message.html), `--${b}--`, ''].join(CRLF)
  } else {
    headers.push(['Content-Type', 'text/plain; charset=UTF-8'], ['Content-Transfer-Encoding', 'base64'])
    body = `${wrap76(base64Utf8(message.text))}${CRLF}`
  }
  return `${headers.map(([name, value]) => `${name}: ${value}`).join(CRLF)}${CRLF}${CRLF}${body}`
}
