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

/** A write that may leave notifications waiting: one to games or seasons (their triggers), or to notifications. */
const NOTIFYING_WRITE =
  /^\s*(?:insert\s+(?:or\s+\w+\s+)?into|update|delete\s+from)\s+["`]?(?:games|seasons|notifications)["`]?[\s(]/i

/**
 * Wraps a request's D1 binding to notice a write that may leave notifications waiting; nothing else
 * changes, and nothing is asked of D1 (docs/notifications.md "Batching").
 */
export function watchNotifyingWrites<T extends Pick<D1Database, 'prepare'>>(d1: T, noticed: { write: boolean }): T {
  return new Proxy(d1, {
    get(target, property) {
      if (property === 'prepare')
        return (query: string) => {
          if (!noticed.write && NOTIFYING_WRITE.test(query)) noticed.write = true
          return target.prepare(query)
        }
      const value = Reflect.get(target, property)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

/**
 * After a write to games or seasons: a flush of the organization's notifications goes on the queue
 * (it finds nothing to send when the change announced nothing). No D1 call: the request's round trips
 * stay what they were. A super admin acting on another organization names it; anything missed is
 * swept by the minute's cron.
 */
export async function flushAfterWrite(c: Context<AppEnv>, binding?: string) {
  const user = c.var.user
  const named = Number(c.req.query('organization_id'))
  const organizationId =
    c.var.member?.organizationId ?? (user?.role === 'super_admin' && named > 0 ? named : user?.organizationId)
  if (!organizationId) return
  await scheduleFlush(c.env, organizationId, new URL(c.req.url).origin, binding)
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
