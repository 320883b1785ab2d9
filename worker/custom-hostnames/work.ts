// The custom hostname work owed to Cloudflare, done inline when an organization is saved (within
// the 5 s budget) and again by the scheduled trigger for whatever the API did not finish.
import { and, asc, eq, isNotNull, isNull, lte, or, sql } from 'drizzle-orm'
import { databaseBindings } from '../db/bindings'
import { createDb, type Db } from '../db/client'
import { d1Named } from '../db/directory'
import { getOrganization } from '../db/queries/organizations'
import { organizations } from '../db/schema'
import type { Bindings } from '../env'
import { CloudflareApiError, type CustomHostnameResult, DEFAULT_TIMEOUT_MS, isDuplicateHostname } from './cloudflare-client'
import { type CustomHostnameSettings, clientFor, customHostnameSettings } from './config'
import { columnsFromResult, retryDelaySeconds } from './state'

type OrganizationRow = typeof organizations.$inferSelect
type HostnameColumns = Partial<
  Pick<
    OrganizationRow,
    | 'customHostnameId'
    | 'customHostnameStatus'
    | 'customHostnameSslStatus'
    | 'customHostnameRecords'
    | 'customHostnameError'
    | 'customHostnameAction'
    | 'customHostnameStaleIds'
    | 'customHostnameAttempts'
    | 'customHostnameRetryAt'
    | 'customHostnameCheckedAt'
  >
>

/** KV keys (in SESSIONS, under their own prefix) of hostnames whose organization is gone. */
export const ORPHAN_PREFIX = 'custom-hostname-orphan:'
/** Cloudflare runs a cron trigger of a few minutes' interval for at most 30 s: stop starting work before. */
const RUN_BUDGET_MS = 25_000
const ORGANIZATIONS_PER_RUN = 25

/** Hostnames left without an organization: kept in KV until the scheduled trigger deletes them. */
const queueOrphans = (store: KVNamespace, ids: string[]) =>
  Promise.all(ids.map((id) => store.put(`${ORPHAN_PREFIX}${id}`, new Date().toISOString())))

const log = (orgId: number | string, what: string, error: unknown) =>
  // Messages come from the API's answer or our own wording; the token is never part of either.
  console.warn(`[custom-hostnames] organization ${orgId}: ${what}: ${error instanceof Error ? error.message : String(error)}`)

/**
 * What a change of domain does to the hostname columns: the current hostname (if any) joins the
 * ones to delete, the statuses reset, and a new domain is queued for registration. Written in the
 * same statement as the domain itself, so no crash can leave an old hostname on a new domain.
 */
export function domainChangeColumns(current: OrganizationRow | null, nextDomain: string | null): HostnameColumns {
  const stale = [...(current?.customHostnameStaleIds ?? [])]
  if (current?.customHostnameId && !stale.includes(current.customHostnameId)) stale.push(current.customHostnameId)
  return {
    customHostnameId: null,
    customHostnameStatus: null,
    customHostnameSslStatus: null,
    customHostnameRecords: null,
    customHostnameError: null,
    customHostnameAction: nextDomain ? 'register' : null,
    customHostnameStaleIds: stale.length > 0 ? stale : null,
    customHostnameAttempts: 0,
    customHostnameRetryAt: null,
    customHostnameCheckedAt: null,
  }
}

/** A failed call that may succeed later: transient, or credentials an operator can fix. */
const worthRetrying = (error: unknown) =>
  !(error instanceof CloudflareApiError) || error.transient || error.status === 401 || error.status === 403

function failureColumns(row: OrganizationRow, error: unknown, now: Date): HostnameColumns {
  const attempts = row.customHostnameAttempts + 1
  const retryAfter = error instanceof CloudflareApiError ? error.retryAfterSeconds : null
  return {
    customHostnameAttempts: attempts,
    customHostnameRetryAt: new Date(now.getTime() + retryDelaySeconds(attempts, retryAfter) * 1000).toISOString(),
    customHostnameError: error instanceof Error ? error.message : 'The Cloudflare API call failed',
  }
}

const update = (db: Db, orgId: number, columns: HostnameColumns) =>
  db.update(organizations).set(columns).where(eq(organizations.id, orgId))

async function deleteStale(db: Db, settings: CustomHostnameSettings, row: OrganizationRow, remaining: () => number, now: Date) {
  const stale = row.customHostnameStaleIds ?? []
  if (stale.length === 0) return null
  const client = clientFor(settings)
  const deleted: string[] = []
  let failure: unknown = null
  for (const id of stale) {
    if (remaining() <= 0) break
    try {
      await client.delete(id, { timeoutMs: remaining() })
      deleted.push(id)
    } catch (error) {
      failure = error
      log(row.id, `deleting old hostname ${id} failed (will retry)`, error)
      if (error instanceof CloudflareApiError && error.kind === 'rate-limited') break
    }
  }
  if (deleted.length > 0) {
    // Re-read: a save may have queued another id meanwhile.
    const fresh = await getOrganization(db, row.id)
    const left = (fresh?.customHostnameStaleIds ?? []).filter((id) => !deleted.includes(id))
    await update(db, row.id, { customHostnameStaleIds: left.length > 0 ? left : null })
  }
  if (failure && !row.customHostnameAction) {
    // Nothing else on this row to retry on: the stale ids carry their own back-off.
    await update(db, row.id, failureColumns(row, failure, now))
  }
  return failure
}

async function register(
  env: Pick<Bindings, 'SESSIONS'>,
  db: Db,
  settings: CustomHostnameSettings,
  row: OrganizationRow,
  domain: string,
  remaining: () => number,
  now: Date,
) {
  const client = clientFor(settings)
  let result: CustomHostnameResult
  try {
    try {
      result = await client.create(domain, { timeoutMs: remaining() })
    } catch (error) {
      // A create that timed out may have landed: Cloudflare then calls the retry a duplicate.
      if (!isDuplicateHostname(error) || remaining() <= 0) throw error
      const existing = await client.findByHostname(domain, { timeoutMs: remaining() })
      if (!existing) throw error
      result = existing
    }
  } catch (error) {
    log(row.id, `registering ${domain} failed`, error)
    if (worthRetrying(error)) await update(db, row.id, failureColumns(row, error, now))
    else {
      // Refused (invalid or disallowed hostname…): shown as failed until the domain changes or "Check now".
      await update(db, row.id, {
        customHostnameAction: null,
        customHostnameAttempts: 0,
        customHostnameRetryAt: null,
        customHostnameCheckedAt: now.toISOString(),
        customHostnameError: error instanceof Error ? error.message : String(error),
      })
    }
    return error
  }
  // Only if the domain is still the one registered: a save in between makes this hostname stale.
  const written = await db
    .update(organizations)
    .set(columnsFromResult(result, now))
    .where(and(eq(organizations.id, row.id), eq(organizations.domain, domain)))
    .returning({ id: organizations.id })
  if (written.length === 0) {
    const fresh = await getOrganization(db, row.id)
    if (fresh) await update(db, row.id, { customHostnameStaleIds: [...(fresh.customHostnameStaleIds ?? []), result.id] })
    else await queueOrphans(env.SESSIONS, [result.id])
  }
  return null
}

async function refresh(
  db: Db,
  settings: CustomHostnameSettings,
  row: OrganizationRow,
  id: string,
  remaining: () => number,
  now: Date,
) {
  try {
    const result = await clientFor(settings).get(id, { timeoutMs: remaining() })
    await db
      .update(organizations)
      .set(columnsFromResult(result, now))
      .where(and(eq(organizations.id, row.id), eq(organizations.customHostnameId, id)))
    return null
  } catch (error) {
    log(row.id, `checking hostname ${id} failed`, error)
    if (error instanceof CloudflareApiError && error.kind === 'not-found') {
      // Deleted at Cloudflare behind our back: register the domain again.
      await update(db, row.id, {
        customHostnameId: null,
        customHostnameStatus: null,
        customHostnameSslStatus: null,
        customHostnameAction: 'register',
        customHostnameCheckedAt: now.toISOString(),
        customHostnameError: 'Cloudflare no longer has this hostname; it will be registered again',
      })
    } else if (worthRetrying(error)) await update(db, row.id, failureColumns(row, error, now))
    else await update(db, row.id, { customHostnameError: (error as Error).message, customHostnameCheckedAt: now.toISOString() })
    return error
  }
}

/**
 * Does the hostname work one organization owes: delete replaced hostnames, register its domain or
 * refresh its status — within `budgetMs` in all (5 s by default), so a save never waits longer.
 * Returns the last API error (already recorded on the row), or null.
 */
export async function processOrganization(
  env: Pick<Bindings, 'SESSIONS'>,
  db: Db,
  settings: CustomHostnameSettings,
  orgId: number,
  options: { budgetMs?: number; now?: Date } = {},
): Promise<unknown> {
  const started = Date.now()
  const budget = options.budgetMs ?? DEFAULT_TIMEOUT_MS
  const remaining = () => budget - (Date.now() - started)
  const now = options.now ?? new Date()
  let row = await getOrganization(db, orgId)
  if (!row) return null
  const staleFailure = await deleteStale(db, settings, row, remaining, now)
  if (staleFailure instanceof CloudflareApiError && staleFailure.kind === 'rate-limited') return staleFailure
  row = (await getOrganization(db, orgId)) ?? row
  if (remaining() <= 0) return staleFailure
  if (
    row.domain &&
    (row.customHostnameAction === 'register' ||
      // A domain saved before the feature was on (a refusal, with its error, waits for "Check now").
      (!row.customHostnameId && !row.customHostnameAction && !row.customHostnameError))
  ) {
    return (await register(env, db, settings, row, row.domain, remaining, now)) ?? staleFailure
  }
  if (row.domain && row.customHostnameId && row.customHostnameAction === 'refresh') {
    return (await refresh(db, settings, row, row.customHostnameId, remaining, now)) ?? staleFailure
  }
  return staleFailure
}

/**
 * Deletes the hostnames of an organization about to be deleted (within the 5 s budget); any the
 * API did not confirm are kept in KV for the scheduled trigger.
 */
export async function releaseHostnames(env: Bindings, row: OrganizationRow) {
  const ids = [...(row.customHostnameStaleIds ?? []), ...(row.customHostnameId ? [row.customHostnameId] : [])]
  if (ids.length === 0) return
  const settings = customHostnameSettings(env)
  const started = Date.now()
  const left: string[] = []
  for (const id of ids) {
    const remaining = DEFAULT_TIMEOUT_MS - (Date.now() - started)
    if (!settings || remaining <= 0) {
      left.push(id)
      continue
    }
    try {
      await clientFor(settings).delete(id, { timeoutMs: remaining })
    } catch (error) {
      log(row.id, `deleting hostname ${id} failed (will retry)`, error)
      left.push(id)
    }
  }
  await queueOrphans(env.SESSIONS, left)
}

export interface HostnameWorkSummary {
  enabled: boolean
  organizations: number
  orphansDeleted: number
  stoppedEarly: boolean
}

/**
 * The scheduled trigger's work: every organization whose hostname work is due (registration,
 * a pending status, old hostnames to delete), oldest first, then hostnames of deleted
 * organizations. Stops at a rate limit (the rest waits for the next run) or near the time limit.
 */
export async function runPendingHostnameWork(env: Bindings, options: { now?: Date } = {}): Promise<HostnameWorkSummary> {
  const settings = customHostnameSettings(env)
  const summary: HostnameWorkSummary = { enabled: Boolean(settings), organizations: 0, orphansDeleted: 0, stoppedEarly: false }
  if (!settings) return summary
  const now = options.now ?? new Date()
  const started = Date.now()
  // Every database's organizations (docs/scaling.md "Past one database"), one database after another.
  for (const binding of await databaseBindings(env)) {
    const db = createDb(d1Named(env, binding))
    const due = await db
      .select({ id: organizations.id })
      .from(organizations)
      .where(
        and(
          or(
            isNotNull(organizations.customHostnameAction),
            isNotNull(organizations.customHostnameStaleIds),
            // Domains saved before the feature was switched on.
            and(
              isNotNull(organizations.domain),
              isNull(organizations.customHostnameId),
              isNull(organizations.customHostnameError),
            ),
          ),
          or(isNull(organizations.customHostnameRetryAt), lte(organizations.customHostnameRetryAt, now.toISOString())),
        ),
      )
      .orderBy(
        sql`${organizations.customHostnameRetryAt} is not null`,
        asc(organizations.customHostnameRetryAt),
        asc(organizations.id),
      )
      .limit(ORGANIZATIONS_PER_RUN)
    for (const { id } of due) {
      const left = RUN_BUDGET_MS - (Date.now() - started)
      if (left <= 0) {
        summary.stoppedEarly = true
        break
      }
      const error = await processOrganization(env, db, settings, id, { budgetMs: Math.min(DEFAULT_TIMEOUT_MS, left), now })
      summary.organizations++
      if (error instanceof CloudflareApiError && error.kind === 'rate-limited') {
        summary.stoppedEarly = true
        return summary
      }
    }
    if (summary.stoppedEarly) break
  }
  const orphans = await env.SESSIONS.list({ prefix: ORPHAN_PREFIX })
  for (const key of orphans.keys) {
    const left = RUN_BUDGET_MS - (Date.now() - started)
    if (left <= 0) {
      summary.stoppedEarly = true
      break
    }
    const id = key.name.slice(ORPHAN_PREFIX.length)
    try {
      await clientFor(settings).delete(id, { timeoutMs: Math.min(DEFAULT_TIMEOUT_MS, left) })
      await env.SESSIONS.delete(key.name)
      summary.orphansDeleted++
    } catch (error) {
      log('(deleted)', `deleting hostname ${id} failed (will retry)`, error)
      if (error instanceof CloudflareApiError && error.kind === 'rate-limited') {
        summary.stoppedEarly = true
        break
      }
    }
  }
  return summary
}
