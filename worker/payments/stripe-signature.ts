// Stripe's webhook signature (docs/registration.md "Webhook"): header
// `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA-256 of "<t>.<raw body>" under the whsec secret>`.
// WebCrypto only, so the Worker, the local stand-in (scripts/stripe-standin.ts) and the tests share it.

/** How old a signed event may be (Stripe's own default tolerance): older is a replay. */
export const SIGNATURE_TOLERANCE_SECONDS = 300

const encoder = new TextEncoder()
const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('')

async function hmacHex(secret: string, text: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  return hex(await crypto.subtle.sign('HMAC', key, encoder.encode(text)))
}

/** Equal strings, compared in time that does not depend on where they differ. */
function constantTimeEqual(a: string, b: string): boolean {
  const x = encoder.encode(a)
  const y = encoder.encode(b)
  let diff = x.length ^ y.length
  for (let i = 0; i < Math.max(x.length, y.length); i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0)
  return diff === 0
}

/** The header Stripe sends with `payload` at `timestamp` (seconds). */
export async function signPayload(secret: string, payload: string, timestamp = Math.floor(Date.now() / 1000)): Promise<string> {
  return `t=${timestamp},v1=${await hmacHex(secret, `${timestamp}.${payload}`)}`
}

/**
 * Whether `header` signs `payload` under `secret` within the tolerance. Any of the header's v1
 * signatures may match (Stripe sends several while a secret is rolled).
 */
export async function verifySignature(
  secret: string,
  header: string | undefined,
  payload: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<boolean> {
  if (!header || !secret) return false
  const parts = header.split(',').map((part) => part.trim().split('='))
  const timestamp = Number(parts.find(([k]) => k === 't')?.[1])
  const signatures = parts.filter(([k, v]) => k === 'v1' && v).map(([, v]) => v as string)
  if (!Number.isInteger(timestamp) || signatures.length === 0) return false
  if (Math.abs(nowSeconds - timestamp) > SIGNATURE_TOLERANCE_SECONDS) return false
  const expected = await hmacHex(secret, `${timestamp}.${payload}`)
  let ok = false
  for (const signature of signatures) ok = constantTimeEqual(signature, expected) || ok
  return ok
}
