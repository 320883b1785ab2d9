// Staff suspend a player and lift it (docs/registration.md "Suspensions"): the rows the registration
// eligibility rule `notSuspended` reads. A suspension runs to the end of its `until` day in the
// organization's time zone (or until lifted); lifting keeps the row and sets `lifted_at`
// (docs/decisions/2026-11-29-suspensions-lifted-not-deleted.md). Writes are audited by the table's
// triggers like every other audited table (docs/decisions/2026-11-24-audit-trail.md).
import { type Context, Hono } from 'hono'
import { z } from 'zod'
import {
  playerSuspensionsJson,
  type Suspension,
  suspendedPlayersJson,
  suspensionInput,
  suspensionJson,
} from '../contract/registration'
import { toLocal } from '../domain/zone'
import type { AppEnv } from '../env'
import { ApiError, notFound } from '../lib/errors'
import { answers } from '../lib/openapi'
import { id, validate } from '../lib/validate'
import { requireUser, rowScope, writerOrgId } from '../middleware/tenant'

const d1 = (c: Context<AppEnv>) => c.var.db.$client

interface SuspensionRow {
  id: number
  player_id: number
  until: string | null
  reason: string | null
  created_at: string
  lifted_at: string | null
}

/** Whether a suspension is in force on `day` (YYYY-MM-DD in the organization's zone). */
export const inForce = (row: { until: string | null; lifted_at: string | null }, day: string) =>
  row.lifted_at === null && (row.until === null || row.until >= day)

const suspensionOf = (row: SuspensionRow, day: string): Suspension => ({
  id: row.id,
  playerId: row.player_id,
  until: row.until,
  reason: row.reason,
  createdAt: row.created_at,
  liftedAt: row.lifted_at,
  active: inForce(row, day),
})

/** The staff user's organization (a super admin's: the one named by organization_id). */
function staffOrg(c: Context<AppEnv>): number {
  requireUser(c)
  const scope = rowScope(c)
  return typeof scope === 'number' ? scope : writerOrgId(c)
}

const zoneStmt = (c: Context<AppEnv>, orgId: number) =>
  d1(c).prepare('SELECT time_zone FROM organizations WHERE id = ?').bind(orgId)
const todayIn = (zone: string | undefined) => toLocal(Date.now(), zone ?? 'UTC').date
const COLUMNS = 'id, player_id, until, reason, created_at, lifted_at'

/** The current one first: open-ended before dated, later `until` before earlier. */
const longestFirst = (a: Suspension, b: Suspension) =>
  (a.until === null ? 1 : 0) - (b.until === null ? 1 : 0) || (b.until ?? '').localeCompare(a.until ?? '')

const playerParam = z.object({ playerId: id })
const suspensionParam = z.object({ suspensionId: id })

export const suspensionRoutes = new Hono<AppEnv>()
  .get(
    '/registration/suspensions',
    answers("The organization's players suspended today (staff)", { 200: suspendedPlayersJson }),
    async (c) => {
      const orgId = staffOrg(c)
      // One round trip: the zone and the suspensions not lifted; "today" in that zone is worked out here.
      const [zone, rows] = await d1(c).batch([
        zoneStmt(c, orgId),
        d1(c)
          .prepare(
            `SELECT s.id, s.player_id, s.until, s.reason, s.created_at, s.lifted_at, p.first_name, p.last_name
             FROM player_suspensions s JOIN players p ON p.id = s.player_id
             WHERE s.organization_id = ? AND s.lifted_at IS NULL ORDER BY p.last_name, p.first_name, s.id`,
          )
          .bind(orgId),
      ])
      const day = todayIn((zone?.results?.[0] as { time_zone?: string } | undefined)?.time_zone)
      const seen = new Set<number>()
      const suspensions = []
      for (const row of (rows?.results ?? []) as (SuspensionRow & { first_name: string; last_name: string })[]) {
        if (!inForce(row, day) || seen.has(row.player_id)) continue
        seen.add(row.player_id)
        suspensions.push({ ...suspensionOf(row, day), firstName: row.first_name, lastName: row.last_name })
      }
      return c.json({ suspensions })
    },
  )
  .get(
    '/registration/players/:playerId/suspensions',
    answers("A player's suspensions, the one in force first (staff)", { 200: playerSuspensionsJson }),
    validate('param', playerParam),
    async (c) => {
      const orgId = staffOrg(c)
      const { playerId } = c.req.valid('param')
      const [zone, player, rows] = await d1(c).batch([
        zoneStmt(c, orgId),
        d1(c).prepare('SELECT id FROM players WHERE id = ? AND organization_id = ?').bind(playerId, orgId),
        d1(c)
          .prepare(
            `SELECT ${COLUMNS} FROM player_suspensions WHERE player_id = ? AND organization_id = ? ORDER BY created_at DESC, id DESC`,
          )
          .bind(playerId, orgId),
      ])
      if (!player?.results?.length) throw notFound('Player')
      const day = todayIn((zone?.results?.[0] as { time_zone?: string } | undefined)?.time_zone)
      const suspensions = ((rows?.results ?? []) as SuspensionRow[]).map((row) => suspensionOf(row, day))
      const current = suspensions.filter((s) => s.active).sort(longestFirst)[0] ?? null
      return c.json({ current, suspensions })
    },
  )
  .post(
    '/registration/players/:playerId/suspensions',
    answers('Suspend a player until a date (inclusive, in the organization’s zone) or until lifted (staff)', {
      201: z.object({ suspension: suspensionJson }),
    }),
    validate('param', playerParam),
    validate('json', suspensionInput),
    async (c) => {
      const orgId = staffOrg(c)
      const { playerId } = c.req.valid('param')
      const input = c.req.valid('json')
      const [zone, player] = await d1(c).batch([
        zoneStmt(c, orgId),
        d1(c).prepare('SELECT id FROM players WHERE id = ? AND organization_id = ?').bind(playerId, orgId),
      ])
      if (!player?.results?.length) throw notFound('Player')
      const day = todayIn((zone?.results?.[0] as { time_zone?: string } | undefined)?.time_zone)
      if (input.until !== null && input.until < day)
        throw new ApiError(400, 'Please check the form', { until: 'The last day must be today or later' })
      const row = await d1(c)
        .prepare(
          `INSERT INTO player_suspensions (organization_id, player_id, until, reason) VALUES (?, ?, ?, ?) RETURNING ${COLUMNS}`,
        )
        .bind(orgId, playerId, input.until, input.reason)
        .first<SuspensionRow>()
      if (!row) throw new ApiError(500, 'The suspension was not saved')
      return c.json({ suspension: suspensionOf(row, day) }, 201)
    },
  )
  .post(
    '/registration/suspensions/:suspensionId/lift',
    answers('Lift a suspension now: it stays in the history with the time it was lifted (staff)', {
      200: z.object({ suspension: suspensionJson }),
    }),
    validate('param', suspensionParam),
    async (c) => {
      const orgId = staffOrg(c)
      const { suspensionId } = c.req.valid('param')
      const day = todayIn(await zoneOf(c, orgId))
      // One statement lifts it only while it is in force, so two staff lifting at once lift it once.
      const [lifted, found] = await d1(c).batch([
        d1(c)
          .prepare(
            `UPDATE player_suspensions SET lifted_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')
             WHERE id = ?1 AND organization_id = ?2 AND lifted_at IS NULL
               AND (until IS NULL OR until >= ?3) RETURNING ${COLUMNS}`,
          )
          .bind(suspensionId, orgId, day),
        d1(c).prepare(`SELECT ${COLUMNS} FROM player_suspensions WHERE id = ? AND organization_id = ?`).bind(suspensionId, orgId),
      ])
      const row = found?.results?.[0] as SuspensionRow | undefined
      if (!row) throw notFound('Suspension')
      if (!lifted?.results?.length)
        throw new ApiError(409, row.lifted_at ? 'This suspension was already lifted' : 'This suspension has already ended')
      return c.json({ suspension: suspensionOf(row, day) })
    },
  )

async function zoneOf(c: Context<AppEnv>, orgId: number): Promise<string | undefined> {
  return (await zoneStmt(c, orgId).first<{ time_zone: string }>())?.time_zone
}
