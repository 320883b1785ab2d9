// The organization's time zone at the request's edge (docs/decisions/2026-11-28-time-zones.md):
// which zone a write's local dates and times are read in, and the refusal of a time the clock skips.
import type { Context } from 'hono'
import { getOrganization } from '../db/queries/organizations'
import { skippedTimeMessage, skippedTimeTranslation } from '../domain/time'
import { resolveLocal } from '../domain/zone'
import type { AppEnv } from '../env'
import { ApiError, notFound } from './errors'

/**
 * The zone of the organization a request acts on, without a round trip of its own when it is the
 * signed-in user's (joined into the session's user row) or the public call's organization; a super
 * admin acting on another organization reads its row.
 */
export async function orgTimeZone(c: Context<AppEnv>, orgId: number): Promise<string> {
  if (c.var.user?.organizationId === orgId) return c.var.user.orgTimeZone
  if (c.var.org?.id === orgId) return c.var.org.timeZone
  if (c.var.namedOrg?.id === orgId) return c.var.namedOrg.timeZone
  const org = await getOrganization(c.var.db, orgId)
  if (!org) throw notFound('Organization')
  return org.timeZone
}

export { skippedTimeMessage }

/**
 * The instant of a local date and time in the zone (null without both), or a 400 naming the next
 * valid time when the clocks skip it. A time shown twice (fall back) is its first occurrence.
 */
export function instantOrRefuse(date: string | null, time: string | null, zone: string, field = 'time'): string | null {
  if (!date || !time) return null
  const resolved = resolveLocal(date, time, zone)
  if (resolved.ok) return resolved.instant
  const message = skippedTimeMessage(date, time, zone, resolved.nextValid)
  throw new ApiError(400, message, { [field]: message }).translated(skippedTimeTranslation(date, time, zone, resolved.nextValid))
}

/**
 * The instant of a local date and time, or of the first valid time after it when the clocks skip
 * it: for writes that follow from an earlier one (a bracket's next round placed by a final score)
 * and must not fail on a time that was valid when it was chosen.
 */
export function instantOrNextValid(date: string | null, time: string | null, zone: string): string | null {
  if (!date || !time) return null
  const resolved = resolveLocal(date, time, zone)
  if (resolved.ok) return resolved.instant
  const next = resolveLocal(resolved.nextValid.date, resolved.nextValid.time, zone)
  return next.ok ? next.instant : null
}
