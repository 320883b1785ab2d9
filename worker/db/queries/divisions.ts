import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import { first } from '../../domain/at'
import { type Db, runBatch } from '../client'
import { divisions, seasonsLeagues, seasonsLeaguesTeams } from '../schema'
import { seasonLeagueOfPlace } from './shared'

export function getDivision(db: Db, orgId: number, divisionId: number) {
  return db.query.divisions.findFirst({ where: and(eq(divisions.id, divisionId), eq(divisions.organizationId, orgId)) })
}

export function listDivisions(db: Db, orgId: number, seasonId: number) {
  return db
    .select({ id: divisions.id, name: divisions.name, position: divisions.position, seasonId: divisions.seasonId })
    .from(divisions)
    .where(and(eq(divisions.organizationId, orgId), eq(divisions.seasonId, seasonId)))
    .orderBy(asc(divisions.position), asc(divisions.id))
}

export async function createDivision(db: Db, orgId: number, seasonId: number, name: string) {
  const rows = await db
    .insert(divisions)
    .values({
      organizationId: orgId,
      seasonId,
      name,
      position: sql`(select coalesce(max(position), 0) + 1 from ${divisions} where season_id = ${seasonId})` as unknown as number,
    })
    .returning()
  return first(rows)
}

/** Deleting a division returns its teams to unassigned (docs/reference/league-admin.md §4): the link is set null. */
export async function deleteDivision(db: Db, orgId: number, divisionId: number) {
  await db.delete(divisions).where(and(eq(divisions.id, divisionId), eq(divisions.organizationId, orgId)))
}

/** A team's place (season-league-team) that belongs to the division's season, if any. */
export function placeInSeason(db: Db, orgId: number, sltId: number, seasonId: number) {
  return db
    .select({ id: seasonsLeaguesTeams.id, divisionId: seasonsLeaguesTeams.divisionId })
    .from(seasonsLeaguesTeams)
    .innerJoin(seasonsLeagues, seasonLeagueOfPlace)
    .where(
      and(
        eq(seasonsLeaguesTeams.id, sltId),
        eq(seasonsLeaguesTeams.organizationId, orgId),
        eq(seasonsLeagues.seasonId, seasonId),
      ),
    )
    .then((rows) => rows[0])
}

export async function assignToDivision(db: Db, orgId: number, divisionId: number, sltId: number) {
  await db
    .update(seasonsLeaguesTeams)
    .set({
      divisionId,
      position:
        sql`(select coalesce(max(position), 0) + 1 from ${seasonsLeaguesTeams} where division_id = ${divisionId})` as unknown as number,
    })
    .where(and(eq(seasonsLeaguesTeams.id, sltId), eq(seasonsLeaguesTeams.organizationId, orgId)))
}

export async function unassignFromDivision(db: Db, orgId: number, divisionId: number, sltId: number) {
  const changed = await db
    .update(seasonsLeaguesTeams)
    .set({ divisionId: null, position: 0 })
    .where(
      and(
        eq(seasonsLeaguesTeams.id, sltId),
        eq(seasonsLeaguesTeams.organizationId, orgId),
        eq(seasonsLeaguesTeams.divisionId, divisionId),
      ),
    )
    .returning({ id: seasonsLeaguesTeams.id })
  return changed.length > 0
}

export async function teamsInDivision(db: Db, orgId: number, divisionId: number) {
  return db
    .select({ id: seasonsLeaguesTeams.id })
    .from(seasonsLeaguesTeams)
    .where(and(eq(seasonsLeaguesTeams.organizationId, orgId), eq(seasonsLeaguesTeams.divisionId, divisionId)))
}

export async function reorderDivisionTeams(
  db: Db,
  orgId: number,
  divisionId: number,
  order: { slt_id: number; position: number }[],
) {
  const items: BatchItem<'sqlite'>[] = order.map((o) =>
    db
      .update(seasonsLeaguesTeams)
      .set({ position: o.position })
      .where(
        and(
          eq(seasonsLeaguesTeams.id, o.slt_id),
          eq(seasonsLeaguesTeams.organizationId, orgId),
          eq(seasonsLeaguesTeams.divisionId, divisionId),
        ),
      ),
  )
  await runBatch(db, items)
}

export async function reorderDivisions(db: Db, orgId: number, seasonId: number, order: { id: number; position: number }[]) {
  const items: BatchItem<'sqlite'>[] = order.map((o) =>
    db
      .update(divisions)
      .set({ position: o.position })
      .where(and(eq(divisions.id, o.id), eq(divisions.organizationId, orgId), eq(divisions.seasonId, seasonId))),
  )
  await runBatch(db, items)
}

export async function divisionIdsOfSeason(db: Db, orgId: number, seasonId: number, ids: number[]) {
  return db
    .select({ id: divisions.id })
    .from(divisions)
    .where(and(eq(divisions.organizationId, orgId), eq(divisions.seasonId, seasonId), inArray(divisions.id, ids)))
}
