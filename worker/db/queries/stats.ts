import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import type { StatDefinition as StatAnswer } from '../../contract/stats'
import { at } from '../../domain/at'
import { type Defaults, englishDefaults } from '../../domain/defaults'
import { type Db, runBatch } from '../client'
import { playerGameStats, sports, statDefinitions } from '../schema'
import type { OrgScope } from '../scope'
import { chunks, type Sport } from './organizations'
import { applyOrder, deleteUnused, type OrderChange, rowsByIds } from './settings-rows'
import { idInScope, qualified } from './shared'

export type StatDefinition = typeof statDefinitions.$inferSelect

/** A stat definition as the wire contract names it (docs/reference/league-admin.md §3). */
export function statJson(stat: StatDefinition): StatAnswer {
  return {
    id: stat.id,
    name: stat.name,
    abbreviation: stat.abbreviation,
    order: stat.order,
    is_visible: stat.isVisible,
    sport_id: stat.sportId,
  }
}

const screenOrder = [asc(statDefinitions.sportId), asc(statDefinitions.order), asc(statDefinitions.id)]

/** Public reads are cached by the organization's data version: every write bumps it. */
export function getSport(db: Db, sportId: number): Promise<Sport | undefined> {
  return db.query.sports.findFirst({ where: eq(sports.id, sportId) })
}

const listQuery = (db: Db, orgId: number, sportIds: number[], visibleOnly = false) =>
  db
    .select()
    .from(statDefinitions)
    .where(
      and(
        eq(statDefinitions.organizationId, orgId),
        inArray(statDefinitions.sportId, sportIds),
        visibleOnly ? eq(statDefinitions.isVisible, true) : undefined,
      ),
    )
    .orderBy(...screenOrder)

/** The organization's stats of a sport in screen order; undefined when the sport does not exist. */
export async function listStats(db: Db, orgId: number, sportId: number, visibleOnly = false) {
  const [sport, stats] = await db.batch([
    db.select({ id: sports.id }).from(sports).where(eq(sports.id, sportId)),
    listQuery(db, orgId, [sportId], visibleOnly),
  ])
  return sport.length > 0 ? stats : undefined
}

/** The stats with these ids (of one organization, or of any when orgId is null: super admin). */
export function statsByIds(db: Db, scope: OrgScope, ids: number[]) {
  return rowsByIds<StatDefinition>(db, statDefinitions, scope, ids, (where) => db.select().from(statDefinitions).where(where))
}

/** Applies every order in one batch and answers the stats of the sports involved. */
export function reorderStats(db: Db, orgId: number, changes: OrderChange[], sportIds: number[]) {
  const update = (change: OrderChange) =>
    db
      .update(statDefinitions)
      .set({ order: change.order })
      .where(idInScope(statDefinitions, change.id, orgId))
  return applyOrder<StatDefinition>(db, changes, update, listQuery(db, orgId, sportIds))
}

export async function setStatVisibility(db: Db, scope: OrgScope, statId: number, visible: boolean) {
  const [updated] = await db
    .update(statDefinitions)
    .set({ isVisible: visible })
    .where(idInScope(statDefinitions, statId, scope))
    .returning()
  return updated
}

export interface DefaultsResetPlan {
  /** Per default, in default order: the existing row that becomes it, or null to create it. */
  restore: (number | null)[]
  /** Custom rows with recorded values: kept, hidden, after the defaults, in their current order. */
  keep: number[]
  /** Custom rows nothing refers to: deleted. */
  remove: number[]
}

/**
 * Reset to Default (docs/reference/league-admin.md Game Periods, Stats, Player Attributes): each default claims the first
 * existing row with its key; every other row is custom. Recorded values are history, so a custom
 * row that has any is hidden rather than deleted. Rows are given in their current order.
 */
export function planDefaultsReset<Row extends { id: number; used: boolean }>(
  rows: Row[],
  defaultKeys: string[],
  keyOf: (row: Row) => string,
): DefaultsResetPlan {
  const restore: (number | null)[] = defaultKeys.map(() => null)
  const keep: number[] = []
  const remove: number[] = []
  for (const row of rows) {
    const index = defaultKeys.indexOf(keyOf(row))
    if (index >= 0 && restore[index] === null) restore[index] = row.id
    else if (row.used) keep.push(row.id)
    else remove.push(row.id)
  }
  return { restore, keep, remove }
}

/**
 * `"table"."column"` always. Drizzle leaves columns bare in a single-table select, and a bare outer
 * column inside a correlated subquery would bind to the subquery's own table (both have an `id`).
 */
const hasValues = sql<boolean>`exists (select 1 from ${playerGameStats} where ${qualified(playerGameStats, playerGameStats.statId)} = ${qualified(statDefinitions, statDefinitions.id)})`

/** docs/reference/league-admin.md Stats, Reset to Default: the sport's defaults visible and first; recorded values never deleted. */
export async function resetStats(db: Db, orgId: number, sport: Sport, named: Defaults = englishDefaults) {
  const defaults = named.stats[sport.type] ?? []
  const rows = await db
    .select({ id: statDefinitions.id, abbreviation: statDefinitions.abbreviation, used: hasValues })
    .from(statDefinitions)
    .where(and(eq(statDefinitions.organizationId, orgId), eq(statDefinitions.sportId, sport.id)))
    .orderBy(...screenOrder)
  const plan = planDefaultsReset(
    rows.map((r) => ({ ...r, used: Boolean(r.used) })),
    defaults.map((d) => d.abbreviation),
    (r) => r.abbreviation,
  )
  const scoped = (id: number) => idInScope(statDefinitions, id, orgId)
  const writes: BatchItem<'sqlite'>[] = []
  writes.push(...deleteUnused(db, statDefinitions, orgId, plan.remove, hasValues))
  const missing: (typeof statDefinitions.$inferInsert)[] = []
  plan.restore.forEach((id, i) => {
    const { name, abbreviation } = at(defaults, i)
    if (id === null) missing.push({ organizationId: orgId, sportId: sport.id, name, abbreviation, order: i + 1, isVisible: true })
    else
      writes.push(
        db
          .update(statDefinitions)
          .set({ name, order: i + 1, isVisible: true })
          .where(scoped(id)),
      )
  })
  for (const part of chunks(missing, 10)) writes.push(db.insert(statDefinitions).values(part).onConflictDoNothing())
  plan.keep.forEach((id, i) => {
    writes.push(
      db
        .update(statDefinitions)
        .set({ order: defaults.length + i + 1, isVisible: false })
        .where(scoped(id)),
    )
  })
  const results = await runBatch(db, [...writes, listQuery(db, orgId, [sport.id])])
  return results.at(-1) as StatDefinition[]
}
