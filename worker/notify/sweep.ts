// The safety net behind the queue (docs/notifications.md "Sweep"): once a minute the cron flushes any
// organization whose notifications have waited past the quiet time with no flush on its way (a change
// made outside a request, such as a live game's final, or a lost queue message), and re-queues any
// e-mail left pending by a consumer that died.
import { and, eq, isNull, lt, sql } from 'drizzle-orm'
import type { Context } from 'hono'
import type { Db } from '../db/client'
import { mailDeliveries, notifications } from '../db/schema'
import type { AppEnv, Bindings } from '../env'
import { queueDeliveries } from '../mail/outbox'
import { defaultOrigin, scheduleFlush } from './flush'

/** Organizations with notifications waiting to be gathered (the partial index notifications_waiting). */
function waitingOrganizations(db: Db, olderThan?: number) {
  return db
    .select({ organizationId: notifications.organizationId, oldest: sql<number>`min(${notifications.createdAt})` })
    .from(notifications)
    .where(and(isNull(notifications.deliveryId), olderThan ? lt(notifications.createdAt, olderThan) : undefined))
    .groupBy(notifications.organizationId)
    .limit(100)
}

/**
 * After a write: when it left notifications waiting (the triggers of migration 0021 wrote them), a
 * flush is put on the queue. Runs after the answer is sent (waitUntil); costs one indexed read.
 */
export async function flushAfterWrite(c: Context<AppEnv>, binding?: string) {
  const waiting = await waitingOrganizations(c.var.db)
  const origin = new URL(c.req.url).origin
  for (const { organizationId } of waiting) await scheduleFlush(c.env, organizationId, origin, binding)
}

export async function sweep(env: Bindings, db: Db, binding?: string) {
  const now = Date.now()
  const quiet = Number(env.NOTIFY_QUIET_SECONDS ?? 30) * 1000
  for (const { organizationId } of await waitingOrganizations(db, now - quiet))
    await scheduleFlush(env, organizationId, defaultOrigin(env), binding, 0)
  const stuck = await db
    .select({ id: mailDeliveries.id })
    .from(mailDeliveries)
    .where(
      and(
        eq(mailDeliveries.status, 'pending'),
        lt(mailDeliveries.createdAt, now - 2 * 60 * 1000),
        lt(mailDeliveries.attempts, 10),
      ),
    )
    .limit(500)
  await queueDeliveries(
    env,
    stuck.map((s) => s.id),
    binding,
  )
}
