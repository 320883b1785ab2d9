// Every e-mail goes out through the outbox (docs/notifications.md "Exactly once"): a mail_deliveries
// row holds the composed message, a NOTIFY queue message names it, and the consumer claims the row
// before sending it, so a queue message delivered twice sends once and a failed send is retried.
import { and, eq, lt, or, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { mailDeliveries } from '../db/schema'
import type { Bindings, QueueMessage } from '../env'
import { composeEml, type MailMessage } from './eml'
import { MailNotSent, mailFrom, transmit } from './transport'

/** A message to one address, before it is composed. `from` is the platform's sender unless given. */
export type Outgoing = Omit<MailMessage, 'from'> & {
  organizationId: number
  memberId?: number | null
  from?: string
  /** Names the database holding the organization (worker/db/routing.ts); DB when absent. */
  binding?: string
}

/** A claim older than this is taken to have died with its consumer and may be claimed again. */
const CLAIM_TIMEOUT_MS = 2 * 60 * 1000

/** The insert of one composed message (pending), for a caller that needs it inside its own batch. */
export function deliveryInsert(db: Db, env: Bindings, mail: Outgoing, now = Date.now()) {
  const from = mail.from ?? mailFrom(env)
  const raw = composeEml({ ...mail, from })
  return db
    .insert(mailDeliveries)
    .values({
      organizationId: mail.organizationId,
      memberId: mail.memberId ?? null,
      toAddress: mail.to,
      subject: mail.subject,
      raw,
      createdAt: now,
    })
    .returning({ id: mailDeliveries.id })
}

/** Hands delivered rows to the queue, 100 messages per call (the Queues limit of one sendBatch). */
export async function queueDeliveries(env: Bindings, ids: number[], binding?: string) {
  for (let i = 0; i < ids.length; i += 100) {
    const chunk = ids.slice(i, i + 100)
    await env.NOTIFY.sendBatch(chunk.map((deliveryId) => ({ body: { type: 'deliver', deliveryId, binding } as QueueMessage })))
  }
}

/** Stores and queues one e-mail (sign-in links, invites): it leaves within seconds. */
export async function sendMail(db: Db, env: Bindings, mail: Outgoing): Promise<number> {
  const [row] = await deliveryInsert(db, env, mail)
  if (!row) throw new Error('The e-mail was not stored')
  await queueDeliveries(env, [row.id], mail.binding)
  return row.id
}

/**
 * The consumer's side: claims the delivery (pending, or a claim that timed out), sends it, marks it
 * sent. Nothing to claim — already sent, or being sent right now — is not an error: the duplicate is dropped.
 */
export async function deliver(db: Db, env: Bindings, deliveryId: number): Promise<'sent' | 'skipped'> {
  const now = Date.now()
  const [claimed] = await db
    .update(mailDeliveries)
    .set({ status: 'sending', claimedAt: now, attempts: sql`${mailDeliveries.attempts} + 1` })
    .where(
      and(
        eq(mailDeliveries.id, deliveryId),
        or(
          eq(mailDeliveries.status, 'pending'),
          and(eq(mailDeliveries.status, 'sending'), lt(mailDeliveries.claimedAt, now - CLAIM_TIMEOUT_MS)),
        ),
      ),
    )
    .returning({ to: mailDeliveries.toAddress, raw: mailDeliveries.raw })
  if (!claimed) return 'skipped'
  try {
    await transmit(env, { from: addressOfSender(env), to: claimed.to, raw: claimed.raw })
  } catch (error) {
    const retry = !(error instanceof MailNotSent) || error.retry
    await db
      .update(mailDeliveries)
      .set({ status: retry ? 'pending' : 'failed' })
      .where(eq(mailDeliveries.id, deliveryId))
    if (retry) throw error
    console.error(`[mail] delivery ${deliveryId} refused for good:`, error instanceof Error ? error.message : error)
    return 'skipped'
  }
  await db.update(mailDeliveries).set({ status: 'sent', sentAt: Date.now() }).where(eq(mailDeliveries.id, deliveryId))
  return 'sent'
}

function addressOfSender(env: Bindings) {
  const from = mailFrom(env)
  return (/<([^<>]+)>/.exec(from)?.[1] ?? from).trim()
}
