import type { Context } from 'hono'
import { z } from 'zod'
import { getSeason } from '../db/queries/seasons'
import type { AppEnv } from '../env'
import { notFound } from '../lib/errors'
import { id, requiredText } from '../lib/validate'

/** A season, league, team or player name: required, at most 120 characters. */
export const name = (what: string) => requiredText(`${what} name`)
/** The ids a bulk delete names. */
export const idsBody = z.object({ ids: z.array(id).min(1, 'Select at least one').max(500) })
export const seasonParam = z.object({ id })

/** The season of the tenant, or 404 — another organization's season answers the same. */
export async function seasonOf(c: Context<AppEnv>, orgId: number, seasonId: number) {
  const season = await getSeason(c.var.db, orgId, seasonId)
  if (!season) throw notFound('Season')
  return season
}
