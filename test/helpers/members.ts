// Members in Worker tests (docs/members.md): a player given an e-mail, signed in from the link the
// Worker e-mailed (read back from mail_deliveries, as the .eml a person would open).
import { env } from 'cloudflare:workers'
import { Client } from './client'
import { parseEml } from './eml'

/** The newest e-mail stored for an address (the raw .eml the transport sent), parsed. */
export async function lastMailTo(email: string) {
  const row = await env.DB.prepare('SELECT raw FROM mail_deliveries WHERE to_address = ? ORDER BY id DESC LIMIT 1')
    .bind(email)
    .first<{ raw: string }>()
  return row ? parseEml(row.raw) : null
}

/** Gives a player an e-mail straight in D1 (the staff screens do it through the players API). */
export async function giveEmail(playerId: number, email: string) {
  await env.DB.prepare('UPDATE players SET email = ? WHERE id = ?').bind(email.toLowerCase(), playerId).run()
}

/** The token of the sign-in link in the newest e-mail to `email`. */
export async function signInTokenFor(email: string): Promise<string> {
  const mail = await lastMailTo(email)
  const link = mail?.text.match(/https?:\/\/\S+\/member\/sign-in#(\S+)/)
  if (!link?.[1]) throw new Error(`No sign-in link e-mailed to ${email}`)
  return link[1]
}

/** A client signed in as the member with this e-mail in the organization `slug` (made on first sign-in). */
export async function memberClient(slug: string, email: string): Promise<Client> {
  const client = new Client()
  const asked = await client.post(`/api/member/sign-in-link?slug=${slug}`, { email })
  if (asked.status !== 202) throw new Error(`sign-in link for ${email}: ${asked.status} ${JSON.stringify(asked.body)}`)
  const token = await signInTokenFor(email)
  const signedIn = await client.post(`/api/member/sign-in?slug=${slug}`, { token })
  if (signedIn.status !== 200) throw new Error(`sign-in for ${email}: ${signedIn.status} ${JSON.stringify(signedIn.body)}`)
  return client
}
