import type { Context } from 'hono'
import { z } from 'zod'
import { getSeason } from '../db/queries/seasons'
import type { AppEnv } from '../env'
import { notFound } from '../lib/errors'
import { id } from '../lib/validate'

export const seasonParam = z.object({ id })

/** The season of the tenant, or 404 — another organization's season answers the same. */
export async function seasonOf(c: Context<AppEnv>, orgId: number, seasonId: number) {
  const season = await getSeason(c.var.db, orgId, seasonId)
  if (!season) throw notFound('Season')
  return season
}
