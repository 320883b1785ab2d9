import type { Context } from 'hono'
import { z } from 'zod'
import { getSeason } from '../db/queries/seasons'
import type { AppEnv } from '../env'
import { id } from '../lib/validate'
import { ownedRow } from './owned-row'

export const seasonParam = z.object({ id })

const seasons = ownedRow('Season', getSeason)

/** The season of the tenant, or 404 — another organization's season answers the same. */
export const seasonOf = seasons.of

/** The writer's organization and its season named in the path (404 as seasonOf). */
export async function seasonToWrite(c: Context<AppEnv>, seasonId: number) {
  const { orgId, row: season } = await seasons.toWrite(c, seasonId)
  return { orgId, season }
}
