// The few Stripe calls registration uses (docs/registration.md "Payments"), as plain fetch calls
// with form-encoded bodies: Checkout Sessions (create, read), Refunds (create) and Charges search
// (the reconciliation report). The base URL is STRIPE_API_BASE: https://api.stripe.com in
// production, the local stand-in (scripts/stripe-standin.ts) on this machine and in tests.
// docs/decisions/2026-11-29-stripe-without-sdk.md says why there is no SDK.
import type { Bindings } from '../env'
import { ApiError } from '../lib/errors'

export interface StripeConfig {
  apiBase: string
  secretKey: string
  webhookSecret: string
  fetch: typeof fetch
}

export interface CheckoutSession {
  id: string
  object: 'checkout.session'
  url: string | null
  status: 'open' | 'complete' | 'expired'
  payment_status: 'paid' | 'unpaid' | 'no_payment_required'
  amount_total: number
  currency: string
  client_reference_id: string | null
  metadata: Record<string, string>
  payment_intent: string | null
  expires_at: number
}

export interface Charge {
  id: string
  amount: number
  amount_refunded: number
  currency: string
  paid: boolean
  status: string
  payment_intent: string | null
  metadata: Record<string, string>
}

export interface Refund {
  id: string
  amount: number
  status: string
  payment_intent: string | null
}

let override: { fetch?: typeof fetch; env?: Partial<Bindings> } | null = null
/** Tests: talk to an in-isolate stand-in instead of the network (workerd cannot reach a Node server). */
export function overrideStripeForTests(value: { fetch?: typeof fetch; env?: Partial<Bindings> } | null) {
  override = value
}

/** The configuration, or null when payments are off (no secret key): fees can then only be paid at the gym. */
export function stripeConfig(env: Bindings): StripeConfig | null {
  const merged = { ...env, ...(override?.env ?? {}) }
  if (!merged.STRIPE_SECRET_KEY || !merged.STRIPE_WEBHOOK_SECRET) return null
  return {
    apiBase: (merged.STRIPE_API_BASE || 'https://api.stripe.com').replace(/\/$/, ''),
    secretKey: merged.STRIPE_SECRET_KEY,
    webhookSecret: merged.STRIPE_WEBHOOK_SECRET,
    fetch: override?.fetch ?? ((input, init) => fetch(input, init)),
  }
}

/** Stripe's form encoding: nested keys in brackets (`metadata[registration_id]=3`). */
export function formEncode(value: Record<string, unknown>, prefix = ''): string[] {
  const out: string[] = []
  for (const [key, v] of Object.entries(value)) {
    if (v === undefined || v === null) continue
    const name = prefix ? `${prefix}[${key}]` : key
    if (typeof v === 'object') out.push(...formEncode(v as Record<string, unknown>, name))
    else out.push(`${encodeURIComponent(name)}=${encodeURIComponent(String(v))}`)
  }
  return out
}

async function call<T>(
  config: StripeConfig,
  method: 'GET' | 'POST',
  path: string,
  body?: Record<string, unknown>,
  idempotencyKey?: string,
) {
  const headers: Record<string, string> = { Authorization: `Bearer ${config.secretKey}`, 'Stripe-Version': '2024-06-20' }
  if (body) headers['Content-Type'] = 'application/x-www-form-urlencoded'
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey
  let response: Response
  try {
    response = await config.fetch(`${config.apiBase}${path}`, {
      method,
      headers,
      body: body ? formEncode(body).join('&') : undefined,
      signal: AbortSignal.timeout(10_000),
    })
  } catch {
    throw new ApiError(502, 'The payment service did not answer. Please try again.')
  }
  const json = (await response.json().catch(() => ({}))) as T & { error?: { message?: string } }
  if (!response.ok) {
    console.error(`stripe ${method} ${path}: ${response.status} ${json.error?.message ?? ''}`)
    throw new ApiError(502, 'The payment service refused the request. Please try again.')
  }
  return json as T
}

export interface CheckoutInput {
  amount: number
  currency: string
  name: string
  successUrl: string
  cancelUrl: string
  expiresAt: number
  email?: string
  metadata: Record<string, string>
}

export const createCheckoutSession = (config: StripeConfig, input: CheckoutInput, idempotencyKey: string) =>
  call<CheckoutSession>(
    config,
    'POST',
    '/v1/checkout/sessions',
    {
      mode: 'payment',
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      expires_at: input.expiresAt,
      customer_email: input.email,
      client_reference_id: input.metadata.registration_id,
      metadata: input.metadata,
      payment_intent_data: { metadata: input.metadata },
      line_items: {
        0: {
          quantity: 1,
          price_data: { currency: input.currency.toLowerCase(), unit_amount: input.amount, product_data: { name: input.name } },
        },
      },
    },
    idempotencyKey,
  )

export const readCheckoutSession = (config: StripeConfig, id: string) =>
  call<CheckoutSession>(config, 'GET', `/v1/checkout/sessions/${encodeURIComponent(id)}`)

export const createRefund = (config: StripeConfig, paymentIntent: string, amount: number, idempotencyKey: string) =>
  call<Refund>(config, 'POST', '/v1/refunds', { payment_intent: paymentIntent, amount }, idempotencyKey)

/** Every charge of one league's registration (metadata set at checkout), all pages. */
export async function chargesOfLeague(config: StripeConfig, orgId: number, seasonsLeagueId: number): Promise<Charge[]> {
  const query = `metadata['organization_id']:'${orgId}' AND metadata['seasons_league_id']:'${seasonsLeagueId}'`
  const charges: Charge[] = []
  let page: string | undefined
  for (let i = 0; i < 50; i++) {
    const params = new URLSearchParams({ query, limit: '100' })
    if (page) params.set('page', page)
    const result = await call<{ data: Charge[]; has_more: boolean; next_page: string | null }>(
      config,
      'GET',
      `/v1/charges/search?${params}`,
    )
    charges.push(...result.data)
    if (!result.has_more || !result.next_page) break
    page = result.next_page
  }
  return charges
}
