// Addresses of an organization's site as a member reaches it from an e-mail (docs/members.md):
// its custom domain, else its slug on the platform host the request came through.
import type { Context } from 'hono'
import type { AppEnv } from '../env'
import { isPlatformHost } from '../middleware/tenant'

/** The site's base URL for links written now: `https://league.example` or `http://localhost:8787/ocbl`. */
export function siteBase(c: Context<AppEnv>, org: { slug: string }): string {
  const origin = new URL(c.req.url).origin
  return isPlatformHost(c) ? `${origin}/${org.slug}` : origin
}

/** An e-mail address as stored: trimmed, lower-case. */
export const normalEmail = (email: string) => email.trim().toLowerCase()
