// How a composed message leaves the Worker (docs/notifications.md "Transports"): chosen by configuration.
//  - http:        POST the raw message (message/rfc822) to MAIL_API_URL with MAIL_API_TOKEN as a bearer
//                 token — an HTTP mail API in production, the local stand-in (scripts/mail-standin.ts,
//                 .eml files) under `npm start` and the browser tests.
//  - cloudflare:  Cloudflare's e-mail sending binding (`send_email`, bound as MAIL).
//  - none:        nothing leaves; the message stays in D1 (mail_deliveries.raw), as in the Worker tests.
import { EmailMessage } from 'cloudflare:email'
import type { Bindings } from '../env'

export type MailTransport = 'http' | 'cloudflare' | 'none'

export function mailTransport(env: Bindings): MailTransport {
  const chosen = env.MAIL_TRANSPORT?.trim().toLowerCase()
  if (chosen === 'http' || chosen === 'cloudflare' || chosen === 'none') return chosen
  return env.MAIL_API_URL ? 'http' : 'none'
}

/** The sender of every message. */
export const mailFrom = (env: Bindings) => env.MAIL_FROM?.trim() || 'Courtside <no-reply@courtside.local>'

export class MailNotSent extends Error {
  constructor(
    message: string,
    /** False when retrying cannot help (the provider refused the message itself). */
    readonly retry: boolean,
  ) {
    super(message)
  }
}

/** Sends one raw message; throws MailNotSent when it did not leave. */
export async function transmit(env: Bindings, envelope: { from: string; to: string; raw: string }): Promise<void> {
  const transport = mailTransport(env)
  if (transport === 'none') return
  if (transport === 'cloudflare') {
    if (!env.MAIL) throw new MailNotSent('MAIL_TRANSPORT is cloudflare but no MAIL (send_email) binding is configured', false)
    await env.MAIL.send(new EmailMessage(envelope.from, envelope.to, envelope.raw))
    return
  }
  if (!env.MAIL_API_URL) throw new MailNotSent('MAIL_TRANSPORT is http but MAIL_API_URL is not set', false)
  const response = await fetch(env.MAIL_API_URL, {
    method: 'POST',
    headers: {
      'Content-Type': 'message/rfc822',
      'X-Mail-From': envelope.from,
      'X-Mail-To': envelope.to,
      ...(env.MAIL_API_TOKEN ? { Authorization: `Bearer ${env.MAIL_API_TOKEN}` } : {}),
    },
    body: envelope.raw,
  })
  if (!response.ok) {
    // 4xx other than 429: the provider refused this message; 429 and 5xx: try again later.
    const retry = response.status === 429 || response.status >= 500
    throw new MailNotSent(`The mail API answered ${response.status}`, retry)
  }
}
