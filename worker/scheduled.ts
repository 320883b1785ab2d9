// The cron triggers (wrangler.toml): every five minutes the custom-hostname work
// (docs/custom-domains.md); every minute the members' work — the notification sweep, availability
// reminders, forfeit-risk alerts and overdue score reports (docs/notifications.md, docs/members.md).
import { scheduled as customHostnames } from './custom-hostnames'
import { databaseBindings } from './db/bindings'
import type { Bindings } from './env'
import { availabilityMinute } from './members/availability'
import { sweep } from './notify/sweep'
import { queueDb } from './queue'
import { releaseExpiredHolds } from './routes/registration'

export const EVERY_MINUTE = '* * * * *'

export { databaseBindings }

/** The members' minute: each database's sweep, then the tasks other parts add to MINUTE_TASKS. */
export async function everyMinute(env: Bindings) {
  for (const binding of await databaseBindings(env)) {
    const db = queueDb(env, binding)
    await sweep(env, db, binding)
    for (const task of MINUTE_TASKS) await task(env, db, binding)
  }
}

/** More work of the minute (availability reminders, forfeit-risk alerts…): (env, db, binding) => Promise. */
export const MINUTE_TASKS: ((env: Bindings, db: ReturnType<typeof queueDb>, binding: string) => Promise<unknown>)[] = [
  // docs/members.md "Availability": reminders and forfeit-risk alerts.
  availabilityMinute,
  // docs/registration.md: places held longer than their hold go back.
  (_env, db) => releaseExpiredHolds(db.$client as D1Database),
]

export async function scheduled(controller: ScheduledController, env: Bindings, ctx: ExecutionContext): Promise<void> {
  if (controller.cron === EVERY_MINUTE) {
    await everyMinute(env)
    return
  }
  await customHostnames(controller, env, ctx)
}
