import { and, asc, eq, sql } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import type { PlayerAttribute as PlayerAttributeJson } from '../../contract/settings'
import { at, first } from '../../domain/at'
import { type Defaults, englishDefaults } from '../../domain/defaults'
import { type Db, runBatch } from '../client'
import { playerAttributes, playerAttributeValues } from '../schema'
import type { OrgScope } from '../scope'
import { applyOrder, deleteUnused, type OrderChange, rowsByIds } from './settings-rows'
import { idInScope, qualified } from './shared'
import { planDefaultsReset } from './stats'

export type PlayerAttribute = typeof playerAttributes.$inferSelect
export type AttributeType = PlayerAttribute['attributeType']

/** A player attribute as the wire contract names it (docs/reference/league-admin.md §3). */
export function attributeJson(attribute: PlayerAttribute): PlayerAttributeJson {
  return {
    id: attribute.id,
    attribute_name: attribute.attributeName,
    attribute_type: attribute.attributeType,
    is_visible: attribute.isVisible,
    order: attribute.order,
  }
}

const listQuery = (db: Db, orgId: number) =>
  db
    .select()
    .from(playerAttributes)
    .where(eq(playerAttributes.organizationId, orgId))
    .orderBy(asc(playerAttributes.order), asc(playerAttributes.id))

export function listPlayerAttributes(db: Db, orgId: number) {
  return listQuery(db, orgId)
}

/** The attributes with these ids (of one organization, or of any when orgId is null: super admin). */
export function playerAttributesByIds(db: Db, scope: OrgScope, ids: number[]) {
  return rowsByIds<PlayerAttribute>(db, playerAttributes, scope, ids, (where) => db.select().from(playerAttributes).where(where))
}

/** An attribute of the organization with this name, compared case-insensitively. */
export function findAttributeByName(db: Db, orgId: number, name: string) {
  return db.query.playerAttributes.findFirst({
    where: and(eq(playerAttributes.organizationId, orgId), sql`lower(${playerAttributes.attributeName}) = lower(${name})`),
    columns: { id: true },
  })
}

/** Adds a visible attribute at the end of the list. */
export async function createPlayerAttribute(db: Db, orgId: number, name: string, type: AttributeType) {
  const nextOrder = sql<number>`(select coalesce(max(${playerAttributes.order}), 0) + 1 from ${playerAttributes} where ${playerAttributes.organizationId} = ${orgId})`
  const rows = await db
    .insert(playerAttributes)
    .values({ organizationId: orgId, attributeName: name, attributeType: type, order: nextOrder as unknown as number })
    .returning()
  return first(rows)
}

export async function setAttributeVisibility(db: Db, scope: OrgScope, attributeId: number, visible: boolean) {
  const [updated] = await db
    .update(playerAttributes)
    .set({ isVisible: visible })
    .where(idInScope(playerAttributes, attributeId, scope))
    .returning()
  return updated
}

/** Applies every order in one batch and answers the organization's attributes. */
export function reorderPlayerAttributes(db: Db, orgId: number, changes: OrderChange[]) {
  const update = (change: OrderChange) =>
    db
      .update(playerAttributes)
      .set({ order: change.order })
      .where(idInScope(playerAttributes, change.id, orgId))
  return applyOrder<PlayerAttribute>(db, changes, update, listQuery(db, orgId))
}

// An empty value records nothing; deleting its attribute loses no information.
const hasValues = sql<boolean>`exists (select 1 from ${playerAttributeValues} where ${qualified(playerAttributeValues, playerAttributeValues.attributeId)} = ${qualified(playerAttributes, playerAttributes.id)} and coalesce(${qualified(playerAttributeValues, playerAttributeValues.value)}, '') <> '')`

/**
 * docs/reference/league-admin.md Player Attributes, Reset to Default: Number and Position visible and first. Values cascade
 * with their attribute, so a custom attribute that holds any is hidden instead of deleted.
 */
export async function resetPlayerAttributes(db: Db, orgId: number, named: Defaults = englishDefaults) {
  const defaultPlayerAttributes = named.attributes
  const rows = await db
    .select({ id: playerAttributes.id, name: playerAttributes.attributeName, used: hasValues })
    .from(playerAttributes)
    .where(eq(playerAttributes.organizationId, orgId))
    .orderBy(asc(playerAttributes.order), asc(playerAttributes.id))
  const plan = planDefaultsReset(
    rows.map((r) => ({ ...r, used: Boolean(r.used) })),
    defaultPlayerAttributes.map((a) => a.attributeName.toLowerCase()),
    (r) => r.name.trim().toLowerCase(),
  )
  const scoped = (id: number) => idInScope(playerAttributes, id, orgId)
  const writes: BatchItem<'sqlite'>[] = []
  writes.push(...deleteUnused(db, playerAttributes, orgId, plan.remove, hasValues))
  plan.restore.forEach((id, i) => {
    const { attributeName, attributeType } = at(defaultPlayerAttributes, i)
    const restored = { attributeName, attributeType, order: i + 1, isVisible: true }
    if (id === null) writes.push(db.insert(playerAttributes).values({ organizationId: orgId, ...restored }))
    else writes.push(db.update(playerAttributes).set(restored).where(scoped(id)))
  })
  plan.keep.forEach((id, i) => {
    writes.push(
      db
        .update(playerAttributes)
        .set({ order: defaultPlayerAttributes.length + i + 1, isVisible: false })
        .where(scoped(id)),
    )
  })
  const results = await runBatch(db, [...writes, listQuery(db, orgId)])
  return results.at(-1) as PlayerAttribute[]
}
