// A stand-in for the Stripe API calls registration uses (docs/registration.md "The local Stripe
// stand-in"), following Stripe's documented requests and answers:
//   POST /v1/checkout/sessions            form body as Stripe takes it → the session (url on this stand-in)
//   GET  /v1/checkout/sessions/:id        → the session | 404
//   POST /v1/refunds                      { payment_intent, amount } → the refund (charge's amount_refunded raised)
//   GET  /v1/charges/search?query=…       metadata['k']:'v' joined by AND → { object: 'search_result', data, has_more }
// and its own hosted checkout page, GET /checkout/:id, with Pay / Decline / Abandon:
//   Pay     → the charge is made, `checkout.session.completed` is sent, the browser goes to success_url
//   Decline → the page says the card was declined; nothing is sent (Stripe sends nothing either)
//   Abandon → the session expires now, `checkout.session.expired` is sent, the browser goes to cancel_url
// Webhooks are signed exactly as Stripe signs them (worker/payments/stripe-signature.ts). Web-standard
// Request → Response only: the same stand-in serves `npm start` over HTTP (scripts/stripe-standin.ts)
// and worker tests inside workerd (a fetch override).
import { signPayload } from '../worker/payments/stripe-signature.ts'

export interface StandInSession {
  id: string
  object: 'checkout.session'
  url: string | null
  status: 'open' | 'complete' | 'expired'
  payment_status: 'paid' | 'unpaid'
  amount_total: number
  currency: string
  client_reference_id: string | null
  customer_email: string | null
  metadata: Record<string, string>
  payment_intent: string | null
  expires_at: number
  created: number
  success_url: string
  cancel_url: string
  livemode: false
  /** Not Stripe's: what the hosted page shows and the charge's metadata. */
  line_name: string
  payment_intent_metadata: Record<string, string>
}

export interface StandInCharge {
  id: string
  object: 'charge'
  amount: number
  amount_refunded: number
  currency: string
  paid: boolean
  refunded: boolean
  status: 'succeeded'
  payment_intent: string
  metadata: Record<string, string>
  created: number
}

export interface StandInEvent {
  id: string
  object: 'event'
  api_version: string
  type: string
  created: number
  livemode: false
  data: { object: StandInSession }
}

const random = (prefix: string) => `${prefix}_${crypto.randomUUID().replaceAll('-', '')}`
const now = () => Math.floor(Date.now() / 1000)
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
const stripeError = (status: number, message: string, type = 'invalid_request_error') =>
  json(status, { error: { type, message } })
const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] as string)

/** Stripe's form body (`a[b][c]=v`) as nested objects. */
export function parseForm(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const keys = rawKey.split(/\[|\]\[|\]/).filter(Boolean)
    let node = out
    keys.forEach((key, i) => {
      if (i === keys.length - 1) node[key] = value
      else {
        node[key] ??= {}
        node = node[key] as Record<string, unknown>
      }
    })
  }
  return out
}

export class StripeStandIn {
  readonly sessions = new Map<string, StandInSession>()
  readonly charges = new Map<string, StandInCharge>()
  readonly refunds: { id: string; payment_intent: string; amount: number }[] = []
  readonly events: StandInEvent[] = []
  private idempotency = new Map<string, unknown>()
  /** Where the hosted checkout page is served (this stand-in's own origin). */
  publicBase = 'http://stripe.localhost'
  /** Delivers a signed webhook; set by the server (POST to the Worker) or a test (the Worker in-isolate). */
  deliver: (request: Request) => Promise<Response> = (request) => fetch(request)
  webhookUrl = ''

  readonly secretKey: string
  readonly webhookSecret: string

  constructor(secretKey = 'sk_test_standin', webhookSecret = 'whsec_standin') {
    this.secretKey = secretKey
    this.webhookSecret = webhookSecret
  }

  /** `fetch` for the Worker's client: the stand-in answers in place of the network. */
  fetch = (input: RequestInfo | URL, init?: RequestInit) => this.handle(new Request(input, init))

  reset() {
    this.sessions.clear()
    this.charges.clear()
    this.refunds.length = 0
    this.events.length = 0
    this.idempotency.clear()
  }

  async handle(request: Request): Promise<Response> {
    const url = new URL(request.url)
    const path = url.pathname
    const page = path.match(/^\/checkout\/(cs_[A-Za-z0-9_]+)(?:\/(pay|decline|abandon))?$/)
    if (page) return this.checkoutPage(request, page[1], page[2] as 'pay' | 'decline' | 'abandon' | undefined)
    if (!path.startsWith('/v1/')) return new Response('Not found', { status: 404 })
    if (request.headers.get('authorization') !== `Bearer ${this.secretKey}`)
      return stripeError(401, 'Invalid API Key provided', 'authentication_error')
    const key = request.headers.get('idempotency-key')
    const known = key ? this.idempotency.get(`${request.method} ${path} ${key}`) : undefined
    if (known) return json(200, known)
    const answer = await this.api(request, url)
    if (key && answer.status === 200) this.idempotency.set(`${request.method} ${path} ${key}`, await answer.clone().json())
    return answer
  }

  private async api(request: Request, url: URL): Promise<Response> {
    const path = url.pathname
    if (request.method === 'POST' && path === '/v1/checkout/sessions') {
      const form = parseForm(await request.text()) as Record<string, Record<string, unknown> & string>
      const item = (
        form.line_items as unknown as Record<string, Record<string, Record<string, string | Record<string, string>>>>
      )?.['0']
      const priceData = item?.price_data as Record<string, string | Record<string, string>> | undefined
      const amount = Number(priceData?.unit_amount)
      if (!Number.isInteger(amount) || amount < 1) return stripeError(400, 'Invalid integer: unit_amount')
      if (!form.success_url || !form.cancel_url) return stripeError(400, 'Missing required param: success_url')
      const id = random('cs_test')
      const session: StandInSession = {
        id,
        object: 'checkout.session',
        url: `${this.publicBase}/checkout/${id}`,
        status: 'open',
        payment_status: 'unpaid',
        amount_total: amount * Number(item?.quantity ?? 1),
        currency: String(priceData?.currency ?? 'usd'),
        client_reference_id: (form.client_reference_id as string) ?? null,
        customer_email: (form.customer_email as string) ?? null,
        metadata: (form.metadata as unknown as Record<string, string>) ?? {},
        payment_intent: null,
        expires_at: Number(form.expires_at) || now() + 24 * 3600,
        created: now(),
        success_url: String(form.success_url),
        cancel_url: String(form.cancel_url),
        livemode: false,
        line_name: String((priceData?.product_data as Record<string, string> | undefined)?.name ?? ''),
        payment_intent_metadata:
          ((form.payment_intent_data as unknown as Record<string, Record<string, string>>)?.metadata as Record<string, string>) ??
          {},
      }
      this.sessions.set(id, session)
      return json(200, session)
    }
    const one = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/)
    if (request.method === 'GET' && one) {
      const session = this.sessions.get(decodeURIComponent(one[1]))
      return session ? json(200, session) : stripeError(404, `No such checkout.session: '${one[1]}'`)
    }
    if (request.method === 'POST' && path === '/v1/refunds') {
      const form = parseForm(await request.text()) as Record<string, string>
      const charge = [...this.charges.values()].find((c) => c.payment_intent === form.payment_intent)
      if (!charge) return stripeError(404, `No such payment_intent: '${form.payment_intent}'`)
      const amount = form.amount === undefined ? charge.amount - charge.amount_refunded : Number(form.amount)
      if (!Number.isInteger(amount) || amount < 1 || charge.amount_refunded + amount > charge.amount)
        return stripeError(400, `Refund amount (${amount}) is greater than unrefunded amount on charge`)
      charge.amount_refunded += amount
      charge.refunded = charge.amount_refunded === charge.amount
      const refund = {
        id: random('re'),
        object: 'refund',
        amount,
        status: 'succeeded',
        payment_intent: charge.payment_intent,
        charge: charge.id,
      }
      this.refunds.push(refund)
      return json(200, refund)
    }
    if (request.method === 'GET' && path === '/v1/charges/search') {
      const query = url.searchParams.get('query') ?? ''
      const wanted = [...query.matchAll(/metadata\['([^']+)'\]:'([^']*)'/g)].map((m) => [m[1], m[2]] as const)
      const data = [...this.charges.values()].filter((c) => wanted.every(([k, v]) => c.metadata[k] === v))
      return json(200, { object: 'search_result', data, has_more: false, next_page: null, url: '/v1/charges/search' })
    }
    return stripeError(404, `Unrecognized request URL (${request.method}: ${path})`)
  }

  /** The session paid: a charge, the session complete, `checkout.session.completed` sent. */
  async pay(id: string): Promise<StandInEvent> {
    const session = this.sessions.get(id)
    if (!session) throw new Error(`no session ${id}`)
    if (session.status !== 'open') throw new Error(`session ${id} is ${session.status}`)
    const paymentIntent = random('pi')
    const charge: StandInCharge = {
      id: random('ch'),
      object: 'charge',
      amount: session.amount_total,
      amount_refunded: 0,
      currency: session.currency,
      paid: true,
      refunded: false,
      status: 'succeeded',
      payment_intent: paymentIntent,
      metadata: session.payment_intent_metadata,
      created: now(),
    }
    this.charges.set(charge.id, charge)
    Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: paymentIntent })
    return this.send('checkout.session.completed', session)
  }

  /** The session expired (abandoned, or its expires_at passed): `checkout.session.expired` sent. */
  async expire(id: string): Promise<StandInEvent> {
    const session = this.sessions.get(id)
    if (!session) throw new Error(`no session ${id}`)
    Object.assign(session, { status: 'expired', url: null })
    return this.send('checkout.session.expired', session)
  }

  /** An event as Stripe builds it, signed and delivered; kept in `events` (a test may send it again). */
  async send(type: string, session: StandInSession): Promise<StandInEvent> {
    const event: StandInEvent = {
      id: random('evt'),
      object: 'event',
      api_version: '2024-06-20',
      type,
      created: now(),
      livemode: false,
      data: { object: structuredClone(session) },
    }
    this.events.push(event)
    await this.deliverEvent(event)
    return event
  }

  /** Signs and posts an event (again): what Stripe's retries do. */
  async deliverEvent(event: StandInEvent, secret = this.webhookSecret): Promise<Response> {
    const payload = JSON.stringify(event)
    return this.deliver(
      new Request(this.webhookUrl || 'http://localhost/api/stripe/webhook', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': await signPayload(secret, payload) },
        body: payload,
      }),
    )
  }

  private async checkoutPage(request: Request, id: string, action?: 'pay' | 'decline' | 'abandon'): Promise<Response> {
    const session = this.sessions.get(id)
    if (!session) return new Response('No such checkout session', { status: 404 })
    let note = ''
    if (request.method === 'POST' && action && session.status === 'open') {
      if (action === 'pay') {
        await this.pay(id)
        return new Response(null, { status: 303, headers: { Location: session.success_url } })
      }
      if (action === 'abandon') {
        await this.expire(id)
        return new Response(null, { status: 303, headers: { Location: session.cancel_url } })
      }
      note = 'Your card was declined.'
    }
    const amount = new Intl.NumberFormat('en', { style: 'currency', currency: session.currency.toUpperCase() }).format(
      session.amount_total /
        10 **
          new Intl.NumberFormat('en', { style: 'currency', currency: session.currency.toUpperCase() }).resolvedOptions()
            .maximumFractionDigits!,
    )
    const open = session.status === 'open'
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Checkout (Stripe stand-in)</title>
<style>body{font:16px system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem}button{font:inherit;padding:.75rem 1rem;margin:.25rem 0;width:100%;min-height:44px}.pay{background:#0a5c36;color:#fff;border:0}</style></head>
<body><main><h1>Pay ${escapeHtml(amount)}</h1><p>${escapeHtml(session.line_name)}</p>
<p><small>Local Stripe stand-in: no card is charged.</small></p>
${note ? `<p role="alert">${escapeHtml(note)}</p>` : ''}
${
  open
    ? `<form method="post" action="/checkout/${id}/pay"><button class="pay" type="submit">Pay</button></form>
<form method="post" action="/checkout/${id}/decline"><button type="submit">Decline</button></form>
<form method="post" action="/checkout/${id}/abandon"><button type="submit">Abandon</button></form>`
    : `<p>This checkout is ${session.status}.</p>`
}
</main></body></html>`
    return new Response(html, { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8' } })
  }
}
