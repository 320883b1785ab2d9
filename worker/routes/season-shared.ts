import type { BatchItem } from 'drizzle-orm/batch'
import type { Context } from 'hono'
import { z } from 'zod'
import { type Db, inOneTrip } from '../db/client'
import { getSeason, seasonRows } from '../db/queries/seasons'
import { standings } from '../db/queries/teams'
import type { AppEnv } from '../env'
import { notFound } from '../lib/errors'
import { id } from '../lib/validate'
import { readerOrgId } from '../middleware/tenant'
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

/**
 * The reader's season, a list of it (its leagues, its divisions, a league's place in it) and its
 * standings (of one league when named), in one round trip (empty when there is no such season: then 404).
 */
export async function seasonWithStandings<List extends BatchItem<'sqlite'>>(
  c: Context<AppEnv>,
  seasonId: number,
  listOf: (db: Db, orgId: number, seasonId: number) => List,
  leagueId?: number,
) {
  const orgId = await readerOrgId(c)
  const [[[season], list], rows] = await inOneTrip(c.var.db, (db) =>
    Promise.all([
      db.batch([seasonRows(db, orgId, seasonId), listOf(db, orgId, seasonId)]),
      standings(db, orgId, seasonId, leagueId),
    ]),
  )
  if (!season) throw notFound('Season')
  return { season, list, rows }
}
