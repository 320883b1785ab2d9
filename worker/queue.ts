// The NOTIFY queue's consumer (docs/notifications.md): every e-mail and every fan-out of changes to
// members goes through it. Each message names its kind; a handler that throws has its message
// retried later (up to wrangler.toml's max_retries, then the dead-letter queue).
import { createDb, type Db } from './db/client'
import type { Bindings, QueueMessage } from './env'
import { deliver } from './mail/outbox'
import { flushNotifications } from './notify/flush'

/** The database a message's organization lives on (worker/db/routing.ts): the binding it names, else DB. */
export function queueDb(env: Bindings, binding?: unknown): Db {
  const name = typeof binding === 'string' && binding ? binding : 'DB'
  const d1 = (env as unknown as Record<string, unknown>)[name] as D1Database | undefined
  if (typeof d1?.prepare !== 'function') throw new Error(`Queue message names ${name}, which is not a D1 binding`)
  return createDb(d1)
}

type Handler = (body: QueueMessage, env: Bindings, db: Db) => Promise<unknown>

/** Every kind of message the queue carries, and who handles it. */
const HANDLERS: Record<string, Handler> = {
  deliver: (body, env, db) => deliver(db, env, Number(body.deliveryId)),
  flush: (body, env, db) => flushNotifications(db, env, Number(body.organizationId), body),
}

export async function queue(batch: MessageBatch<QueueMessage>, env: Bindings): Promise<void> {
  // Messages of one batch are independent: each is acknowledged or retried on its own.
  await Promise.all(
    batch.messages.map(async (message) => {
      const handler = HANDLERS[message.body?.type]
      if (!handler) {
        console.error(`[queue] unknown message type ${String(message.body?.type)}: dropped`)
        message.ack()
        return
      }
      try {
        await handler(message.body, env, queueDb(env, message.body.binding))
        message.ack()
      } catch (error) {
        console.error(`[queue] ${message.body.type} failed (attempt ${message.attempts}):`, error)
        message.retry({ delaySeconds: Math.min(300, 10 * 2 ** Math.min(message.attempts, 5)) })
      }
    }),
  )
}
