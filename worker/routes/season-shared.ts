import type { Context } from 'hono'
import { z } from 'zod'
import { getSeason } from '../db/queries/seasons'
import type { AppEnv } from '../env'
import { notFound } from '../lib/errors'
import { id } from '../lib/validate'
import { writerOrgId } from '../middleware/tenant'

export const seasonParam = z.object({ id })

/** The season of the tenant, or 404 — another organization's season answers the same. */
export async function seasonOf(c: Context<AppEnv>, orgId: number, seasonId: number) {
  const season = await getSeason(c.var.db, orgId, seasonId)
  if (!season) throw notFound('Season')
  return season
}

/** The writer's organization and its season named in the path (404 as seasonOf). */
export async function seasonToWrite(c: Context<AppEnv>, seasonId: number) {
  const orgId = writerOrgId(c)
  return { orgId, season: await seasonOf(c, orgId, seasonId) }
}
