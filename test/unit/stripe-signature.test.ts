// Webhook signatures as Stripe documents them (docs/registration.md "Webhook"): checked against an
// HMAC computed independently with node:crypto, so the Worker's verifier and the stand-in's signer
// cannot agree on a wrong scheme.
import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { parseForm } from '../../scripts/stripe-standin-core'
import { minorToDecimal } from '../../worker/domain/money'
import { formEncode } from '../../worker/payments/stripe'
import { SIGNATURE_TOLERANCE_SECONDS, signPayload, verifySignature } from '../../worker/payments/stripe-signature'

const secret = 'whsec_test_secret'
const payload = JSON.stringify({
  id: 'evt_1',
  object: 'event',
  type: 'checkout.session.completed',
  data: { object: { id: 'cs_1' } },
})
const t = 1_800_000_000
const stripeHeader = (ts: number, body = payload, key = secret) =>
  `t=${ts},v1=${createHmac('sha256', key).update(`${ts}.${body}`).digest('hex')}`

describe('Stripe-Signature', () => {
  it('signs exactly as Stripe: t=<unix>,v1=<hex HMAC-SHA-256 of "t.payload">', async () => {
    expect(await signPayload(secret, payload, t)).toBe(stripeHeader(t))
  })

  it('accepts Stripe’s header within the tolerance, with any of several v1 signatures', async () => {
    expect(await verifySignature(secret, stripeHeader(t), payload, t + 10)).toBe(true)
    const rolled = `${stripeHeader(t, payload, 'whsec_old')},v1=${stripeHeader(t).split('v1=')[1]}`
    expect(await verifySignature(secret, rolled, payload, t)).toBe(true)
  })

  it('refuses another secret, a changed body, an old or future timestamp and malformed headers', async () => {
    expect(await verifySignature(secret, stripeHeader(t, payload, 'whsec_other'), payload, t)).toBe(false)
    expect(await verifySignature(secret, stripeHeader(t), `${payload} `, t)).toBe(false)
    expect(await verifySignature(secret, stripeHeader(t), payload, t + SIGNATURE_TOLERANCE_SECONDS + 1)).toBe(false)
    expect(await verifySignature(secret, stripeHeader(t + SIGNATURE_TOLERANCE_SECONDS + 1), payload, t)).toBe(false)
    for (const bad of ['', 'garbage', `t=${t}`, `v1=${'0'.repeat(64)}`, `t=abc,v1=${'0'.repeat(64)}`])
      expect(await verifySignature(secret, bad, payload, t)).toBe(false)
    expect(await verifySignature('', stripeHeader(t, payload, ''), payload, t)).toBe(false)
  })
})

describe('Stripe’s form encoding and money', () => {
  it('nests keys in brackets and reads back the same', () => {
    const body = {
      mode: 'payment',
      metadata: { registration_id: '3' },
      line_items: { 0: { quantity: 1, price_data: { unit_amount: 45000 } } },
    }
    const encoded = formEncode(body).join('&')
    expect(decodeURIComponent(encoded)).toContain('line_items[0][price_data][unit_amount]=45000')
    expect(parseForm(encoded)).toEqual({
      mode: 'payment',
      metadata: { registration_id: '3' },
      line_items: { 0: { quantity: '1', price_data: { unit_amount: '45000' } } },
    })
  })

  it('writes minor units with the currency’s decimals, exactly', () => {
    expect(minorToDecimal(45000, 'USD')).toBe('450.00')
    expect(minorToDecimal(5, 'EUR')).toBe('0.05')
    expect(minorToDecimal(-1999, 'USD')).toBe('-19.99')
    expect(minorToDecimal(1200, 'JPY')).toBe('1200')
  })
})
