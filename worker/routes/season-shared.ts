import type { SQL } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import type { Context } from 'hono'
import { z } from 'zod'
import { type Db, inOneTrip } from '../db/client'
import { activeSeasonId, getSeason, getSeasonJson, seasonRows } from '../db/queries/seasons'
import { standings } from '../db/queries/teams'
import type { AppEnv } from '../env'
import { notFound } from '../lib/errors'
import { type Page, pageOf } from '../lib/paging'
import { id } from '../lib/validate'
import { publicHiddenName } from '../members/privacy'
import { readerOrgId } from '../middleware/tenant'
import { versionedRow } from './owned-row'

export const seasonParam = z.object({ id })

/** A season of the tenant, or 404 — another organization's season answers the same; its current copy is its answer. */
export const seasonRow = versionedRow('Season', getSeason, 'seasons', getSeasonJson)

export const seasonOf = seasonRow.of

/** The writer's organization and its season named in the path (404 as seasonOf). */
export async function seasonToWrite(c: Context<AppEnv>, seasonId: number) {
  const { orgId, row: season } = await seasonRow.toWrite(c, seasonId)
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
  // A hidden captain's name stays hidden on the public site (docs/members.md "Privacy").
  const hidden = await publicHiddenName(c)
  const [[[season], list], rows] = await inOneTrip(c.var.db, (db) =>
    Promise.all([
      db.batch([seasonRows(db, orgId, seasonId), listOf(db, orgId, seasonId)]),
      standings(db, orgId, seasonId, leagueId, hidden),
    ]),
  )
  if (!season) throw notFound('Season')
  return { season, list, rows }
}

/**
 * A page of an admin list about a season (docs/decisions/2026-11-25-admin-paging.md): the season
 * check, the page and the count in one round trip. The season named (404 when missing), else the
 * active one, or every season when `allSeasons`; beside the rows, what the answer adds to its list:
 * `total`, `limit`, `offset` and the `seasonId` the page is about.
 */
export async function seasonPage<Row>(
  c: Context<AppEnv>,
  orgId: number,
  asked: { requested?: number; allSeasons: boolean; limit?: number; offset?: number },
  queries: (
    seasonId: number | SQL<number> | undefined,
    page: Page,
  ) => readonly [BatchItem<'sqlite'> & PromiseLike<Row[]>, BatchItem<'sqlite'> & PromiseLike<{ total: number }[]>],
) {
  const db = c.var.db
  const { requested, allSeasons } = asked
  const page = pageOf(asked)
  const [season, rows, [count]] = (await db.batch([
    seasonRows(db, orgId, requested),
    ...queries(allSeasons ? undefined : (requested ?? activeSeasonId(orgId)), page),
  ])) as [{ id: number }[], Row[], { total: number }[]]
  if (requested && season.length === 0) throw notFound('Season')
  return { rows, paging: { total: count?.total ?? 0, ...page, seasonId: allSeasons ? null : (season[0]?.id ?? null) } }
}
