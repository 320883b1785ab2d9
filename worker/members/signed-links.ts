// Single-purpose links in e-mails (docs/members.md "Links in e-mails"): an answer to "are you coming?"
// or an unsubscribe works without signing in, because the link carries an HMAC-SHA-256 signature of
// exactly what it may do (its purpose and values) under a secret only the Worker knows. Nothing is
// stored; a link does one thing, for one member, and cannot be altered to do another.
import type { Bindings } from '../env'
import { randomToken } from '../lib/ids'
import { timingSafeEqual } from '../lib/password'

const KV_SECRET = 'secret:signed-links'
let cachedSecret: Promise<CryptoKey> | undefined

/**
 * The signing key: LINK_SECRET when configured (production: a secret), else one made at random on
 * first use and kept in KV, so a local database's links keep working across restarts.
 */
function signingKey(env: Bindings): Promise<CryptoKey> {
  cachedSecret ??= (async () => {
    let secret = env.LINK_SECRET?.trim()
    if (!secret) {
      secret = (await env.SESSIONS.get(KV_SECRET)) ?? undefined
      if (!secret) {
        secret = randomToken(32)
        await env.SESSIONS.put(KV_SECRET, secret)
      }
    }
    return crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  })().catch((error) => {
    cachedSecret = undefined
    throw error
  })
  return cachedSecret
}

const base64url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '')

/** The signature of a purpose and its values: 192 bits, base64url. */
export async function signLink(env: Bindings, purpose: string, values: (string | number)[]): Promise<string> {
  const key = await signingKey(env)
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode([purpose, ...values].join('\u001f')))
  return base64url(mac.slice(0, 24))
}

/** True when `signature` is this purpose's and values' signature (compared in constant time). */
export async function verifyLink(
  env: Bindings,
  purpose: string,
  values: (string | number)[],
  signature: string,
): Promise<boolean> {
  const expected = await signLink(env, purpose, values)
  const encode = (text: string) => new TextEncoder().encode(text)
  return timingSafeEqual(encode(expected), encode(signature))
}
