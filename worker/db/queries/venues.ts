// Venues, their courts and dated closures (docs/venues.md). Every statement names the organization.
import { and, asc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import type { VenueInput, Venue as VenueJson } from '../../contract/venues'
import type { Db } from '../client'
import { courtClosures, courts, games, venues } from '../schema'
import { inScope, type OrgScope } from '../scope'

export type VenueRow = typeof venues.$inferSelect
export type CourtRow = typeof courts.$inferSelect
export type ClosureRow = typeof courtClosures.$inferSelect

/** The statements that read an organization's venues (or one venue) whole: one batch. */
export function venueReads(db: Db, scope: OrgScope, venueId?: number) {
  const one = <T extends SQL | undefined>(condition: T) => (venueId === undefined ? undefined : condition)
  return [
    db
      .select()
      .from(venues)
      .where(and(inScope(venues.organizationId, scope), one(eq(venues.id, venueId ?? 0))))
      .orderBy(asc(sql`lower(${venues.name})`), asc(venues.id)),
    db
      .select()
      .from(courts)
      .where(and(inScope(courts.organizationId, scope), one(eq(courts.venueId, venueId ?? 0))))
      .orderBy(asc(courts.position), asc(courts.id)),
    db
      .select()
      .from(courtClosures)
      .where(and(inScope(courtClosures.organizationId, scope), one(eq(courtClosures.venueId, venueId ?? 0))))
      .orderBy(asc(courtClosures.date), asc(courtClosures.fromTime), asc(courtClosures.id)),
    db
      .select({ venueId: games.venueId, courtId: games.courtId, count: sql<number>`count(*)` })
      .from(games)
      .where(
        and(
          inScope(games.organizationId, scope),
          isNotNull(games.venueId),
          venueId === undefined ? undefined : eq(games.venueId, venueId),
        ),
      )
      .groupBy(games.venueId, games.courtId),
  ] as const
}

export interface VenueWhole {
  venue: VenueRow
  courts: CourtRow[]
  closures: ClosureRow[]
  /** Games per court (key: court id, 0 for games at the venue without a court). */
  gamesByCourt: Map<number, number>
}

type Reads = [VenueRow[], CourtRow[], ClosureRow[], { venueId: number | null; courtId: number | null; count: number }[]]

export function wholeVenues([venueRows, courtRows, closureRows, counts]: Reads): VenueWhole[] {
  return venueRows.map((venue) => {
    const gamesByCourt = new Map<number, number>()
    for (const c of counts) if (c.venueId === venue.id) gamesByCourt.set(c.courtId ?? 0, Number(c.count))
    return {
      venue,
      courts: courtRows.filter((c) => c.venueId === venue.id),
      closures: closureRows.filter((c) => c.venueId === venue.id),
      gamesByCourt,
    }
  })
}

export async function readVenues(db: Db, scope: OrgScope, venueId?: number): Promise<VenueWhole[]> {
  return wholeVenues((await db.batch([...venueReads(db, scope, venueId)])) as unknown as Reads)
}

/** A venue as the wire contract names it. */
export function venueJson({ venue, courts: courtRows, closures, gamesByCourt }: VenueWhole): VenueJson {
  const courtName = new Map(courtRows.map((c) => [c.id, c.name]))
  return {
    id: venue.id,
    name: venue.name,
    address: venue.address,
    mapUrl: venue.mapUrl,
    courts: courtRows.map((c) => ({ id: c.id, name: c.name, hours: c.hours, version: c.version })),
    closures: closures.map((c) => ({
      id: c.id,
      courtId: c.courtId,
      court: c.courtId === null ? null : (courtName.get(c.courtId) ?? null),
      date: c.date,
      from: c.fromTime,
      to: c.toTime,
      reason: c.reason,
    })),
    games: [...gamesByCourt.values()].reduce((a, b) => a + b, 0),
    version: venue.version,
  }
}

const closureKey = (c: { court: string | null; date: string; from?: string | null; to?: string | null; reason: string }) =>
  JSON.stringify([c.court?.toLowerCase() ?? null, c.date, c.from ?? null, c.to ?? null, c.reason])

/**
 * The statements that write a venue whole, for one atomic batch: the venue row, its courts (kept by
 * id, renamed through a temporary name so two courts can swap names, added, removed) and its
 * closures (an unchanged closure is kept; the rest removed or added). `current` is the venue as
 * read (null: a new venue, found by its unique name inside the batch).
 */
export function venueWrites(db: Db, orgId: number, current: VenueWhole | null, input: VenueInput): BatchItem<'sqlite'>[] {
  const items: BatchItem<'sqlite'>[] = []
  const fields = { name: input.name, address: input.address, mapUrl: input.mapUrl }
  let venueRef: SQL | number
  if (current) {
    venueRef = current.venue.id
    items.push(
      db
        .update(venues)
        // Raised here, not only by migration 0019's trigger: a save of courts or closures alone is a
        // change of the venue too (its version covers them, docs/venues.md).
        .set({ ...fields, version: sql`${venues.version} + 1` })
        .where(and(eq(venues.id, current.venue.id), eq(venues.organizationId, orgId))),
    )
  } else {
    items.push(db.insert(venues).values({ ...fields, organizationId: orgId }))
    venueRef = sql`(select ${venues.id} from ${venues} where ${venues.organizationId} = ${orgId} and ${venues.name} = ${input.name})`
  }
  const kept = new Set(input.courts.flatMap((c) => (c.id === undefined ? [] : [c.id])))
  const gone = (current?.courts ?? []).filter((c) => !kept.has(c.id)).map((c) => c.id)
  if (current && gone.length > 0) {
    items.push(
      db
        .delete(courts)
        .where(and(eq(courts.organizationId, orgId), eq(courts.venueId, current.venue.id), inArray(courts.id, gone))),
    )
  }
  const keptRows = input.courts.filter((c) => c.id !== undefined)
  for (const c of keptRows) {
    items.push(
      db
        .update(courts)
        .set({ name: sql`'~' || ${courts.id}` })
        .where(and(eq(courts.id, c.id ?? 0), eq(courts.organizationId, orgId))),
    )
  }
  input.courts.forEach((c, position) => {
    if (c.id !== undefined)
      items.push(
        db
          .update(courts)
          .set({ name: c.name, hours: c.hours, position })
          .where(and(eq(courts.id, c.id), eq(courts.organizationId, orgId))),
      )
    else
      items.push(
        db.insert(courts).values({ organizationId: orgId, venueId: sql`${venueRef}`, name: c.name, hours: c.hours, position }),
      )
  })
  // Closures: those unchanged stay (no audit noise); the others go, and the new ones come.
  const courtNameOf = new Map((current?.courts ?? []).map((c) => [c.id, c.name]))
  const wanted = new Set(input.closures.map(closureKey))
  const existing = new Set<string>()
  const dropped: number[] = []
  for (const c of current?.closures ?? []) {
    const key = closureKey({
      court:
        c.courtId === null ? null : (input.courts.find((k) => k.id === c.courtId)?.name ?? courtNameOf.get(c.courtId) ?? null),
      date: c.date,
      from: c.fromTime,
      to: c.toTime,
      reason: c.reason,
    })
    if (wanted.has(key) && !existing.has(key) && (c.courtId === null || kept.has(c.courtId))) existing.add(key)
    else dropped.push(c.id)
  }
  if (dropped.length > 0) {
    items.push(db.delete(courtClosures).where(and(eq(courtClosures.organizationId, orgId), inArray(courtClosures.id, dropped))))
  }
  for (const c of input.closures) {
    if (existing.has(closureKey(c))) continue
    const courtId =
      c.court === null
        ? null
        : sql`(select ${courts.id} from ${courts} where ${courts.venueId} = ${venueRef} and lower(${courts.name}) = lower(${c.court}))`
    items.push(
      db.insert(courtClosures).values({
        organizationId: orgId,
        venueId: sql`${venueRef}`,
        courtId,
        date: c.date,
        fromTime: c.from ?? null,
        toTime: c.to ?? null,
        reason: c.reason,
      }),
    )
  }
  return items
}

/**
 * Deleting a venue: the games played there keep their place as text (their `location`, when they
 * had none) and lose the venue and court; then the venue goes with its courts and closures.
 */
export function venueDeletes(db: Db, orgId: number, venue: VenueRow): BatchItem<'sqlite'>[] {
  return [
    db
      .update(games)
      .set({ location: sql`coalesce(nullif(${games.location}, ''), ${venue.name})`, venueId: null, courtId: null })
      .where(and(eq(games.organizationId, orgId), eq(games.venueId, venue.id))),
    db.delete(venues).where(and(eq(venues.id, venue.id), eq(venues.organizationId, orgId))),
  ]
}
