import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import type { GamePeriod as GamePeriodJson } from '../../contract/settings'
import { at, first } from '../../domain/at'
import { type Defaults, englishDefaults } from '../../domain/defaults'
import { type Db, runBatch } from '../client'
import { gamePeriods, periodScores, sports } from '../schema'
import type { OrgScope } from '../scope'
import { chunks, type Sport } from './organizations'
import { applyOrder, deleteUnused, type OrderChange, rowsByIds } from './settings-rows'
import { idInScope, qualified } from './shared'
import { planDefaultsReset } from './stats'

export type GamePeriod = typeof gamePeriods.$inferSelect

/** A game period as the wire contract names it (docs/reference/league-admin.md §3). */
export function periodJson(period: GamePeriod): GamePeriodJson {
  return { id: period.id, name: period.name, order: period.order, hidden: period.hidden, sportId: period.sportId }
}

const screenOrder = [asc(gamePeriods.sportId), asc(gamePeriods.order), asc(gamePeriods.id)]

const listQuery = (db: Db, orgId: number, sportIds: number[]) =>
  db
    .select()
    .from(gamePeriods)
    .where(and(eq(gamePeriods.organizationId, orgId), inArray(gamePeriods.sportId, sportIds)))
    .orderBy(...screenOrder)

/** The organization's periods of a sport in screen order; undefined when the sport does not exist. */
export async function listGamePeriods(db: Db, orgId: number, sportId: number) {
  const [sport, periods] = await db.batch([
    db.select({ id: sports.id }).from(sports).where(eq(sports.id, sportId)),
    listQuery(db, orgId, [sportId]),
  ])
  return sport.length > 0 ? periods : undefined
}

/** The periods with these ids (of one organization, or of any when orgId is null: super admin). */
export function gamePeriodsByIds(db: Db, scope: OrgScope, ids: number[]) {
  return rowsByIds<GamePeriod>(db, gamePeriods, scope, ids, (where) => db.select().from(gamePeriods).where(where))
}

export async function setPeriodHidden(db: Db, scope: OrgScope, periodId: number, hidden: boolean) {
  const [updated] = await db
    .update(gamePeriods)
    .set({ hidden })
    .where(idInScope(gamePeriods, periodId, scope))
    .returning()
  return updated
}

/** A period of the organization and sport with this name, compared case-insensitively. */
export function findPeriodByName(db: Db, orgId: number, sportId: number, name: string) {
  return db.query.gamePeriods.findFirst({
    where: and(
      eq(gamePeriods.organizationId, orgId),
      eq(gamePeriods.sportId, sportId),
      sql`lower(${gamePeriods.name}) = lower(${name})`,
    ),
    columns: { id: true },
  })
}

/** Adds a period at the end of the sport's list. */
export async function createGamePeriod(db: Db, orgId: number, sportId: number, name: string) {
  const nextOrder = sql<number>`(select coalesce(max(${gamePeriods.order}), 0) + 1 from ${gamePeriods} where ${gamePeriods.organizationId} = ${orgId} and ${gamePeriods.sportId} = ${sportId})`
  const rows = await db
    .insert(gamePeriods)
    .values({ organizationId: orgId, sportId, name, order: nextOrder as unknown as number })
    .returning()
  return first(rows)
}

/** Applies every order in one batch and answers the periods of the sports involved. */
export function reorderGamePeriods(db: Db, orgId: number, changes: OrderChange[], sportIds: number[]) {
  const update = (change: OrderChange) =>
    db
      .update(gamePeriods)
      .set({ order: change.order })
      .where(idInScope(gamePeriods, change.id, orgId))
  return applyOrder<GamePeriod>(db, changes, update, listQuery(db, orgId, sportIds))
}

const hasScores = sql<boolean>`exists (select 1 from ${periodScores} where ${qualified(periodScores, periodScores.gamePeriodId)} = ${qualified(gamePeriods, gamePeriods.id)})`

/** docs/reference/league-admin.md Game Periods, Reset to Default: the sport's defaults shown and first; period scores never deleted. */
export async function resetGamePeriods(db: Db, orgId: number, sport: Sport, named: Defaults = englishDefaults) {
  const defaults = named.periods[sport.type] ?? []
  const rows = await db
    .select({ id: gamePeriods.id, name: gamePeriods.name, used: hasScores })
    .from(gamePeriods)
    .where(and(eq(gamePeriods.organizationId, orgId), eq(gamePeriods.sportId, sport.id)))
    .orderBy(...screenOrder)
  // Names match case-insensitively, as for adding a period.
  const plan = planDefaultsReset(
    rows.map((r) => ({ ...r, used: Boolean(r.used) })),
    defaults.map((name) => name.toLowerCase()),
    (r) => r.name.trim().toLowerCase(),
  )
  const scoped = (id: number) => idInScope(gamePeriods, id, orgId)
  const writes: BatchItem<'sqlite'>[] = []
  writes.push(...deleteUnused(db, gamePeriods, orgId, plan.remove, hasScores))
  const missing: (typeof gamePeriods.$inferInsert)[] = []
  plan.restore.forEach((id, i) => {
    const name = at(defaults, i)
    if (id === null) missing.push({ organizationId: orgId, sportId: sport.id, name, order: i + 1, hidden: false })
    else
      writes.push(
        db
          .update(gamePeriods)
          .set({ name, order: i + 1, hidden: false })
          .where(scoped(id)),
      )
  })
  for (const part of chunks(missing, 15)) writes.push(db.insert(gamePeriods).values(part))
  plan.keep.forEach((id, i) => {
    writes.push(
      db
        .update(gamePeriods)
        .set({ order: defaults.length + i + 1, hidden: true })
        .where(scoped(id)),
    )
  })
  const results = await runBatch(db, [...writes, listQuery(db, orgId, [sport.id])])
  return results.at(-1) as GamePeriod[]
}
