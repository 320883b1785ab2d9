import { type Context, Hono } from 'hono'
import { z } from 'zod'
import { oneVenue, type VenueInput, venueInput, venueList } from '../contract/venues'
import { expectVersion } from '../db/guards'
import { readVenues, type VenueWhole, venueDeletes, venueJson, venueWrites } from '../db/queries/venues'
import type { AppEnv } from '../env'
import { ApiError, notFound } from '../lib/errors'
import { answers } from '../lib/openapi'
import { idParam, validate, versionOf } from '../lib/validate'
import { actingOrganization, rowScope } from '../middleware/tenant'

// Venues, courts and closures (docs/venues.md). Staff and owners manage their organization's alike;
// visitors see a venue only where a game shows it (the game's `venue` and `court`).

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

async function venueOrNotFound(c: Context<AppEnv>, id: number): Promise<VenueWhole> {
  const [found] = await readVenues(c.var.db, rowScope(c), id)
  if (!found) throw notFound('Venue')
  return found
}

/** A sent name another venue of the organization already has: a field error, not a failed insert. */
function nameTaken() {
  return new ApiError(400, 'Another venue already has this name', { name: 'Another venue already has this name' })
}

/**
 * What a save may not do to the venue as read: name a court id of another venue, or remove a court
 * games are played on (409 naming how many; the court's games are moved first, docs/venues.md).
 */
function checkCourts(c: Context<AppEnv>, current: VenueWhole, input: VenueInput) {
  const own = new Set(current.courts.map((k) => k.id))
  input.courts.forEach((k, i) => {
    if (k.id !== undefined && !own.has(k.id))
      throw new ApiError(400, 'No court of this venue has this id', { [`courts.${i}.id`]: 'No court of this venue has this id' })
  })
  const kept = new Set(input.courts.flatMap((k) => (k.id === undefined ? [] : [k.id])))
  const removed = current.courts.filter((k) => !kept.has(k.id))
  for (const court of removed) {
    const n = current.gamesByCourt.get(court.id) ?? 0
    if (n > 0) throw new ApiError(409, `Court ${court.name} has ${plural(n, 'game', 'games')}. Move them to another court first.`)
  }
  if (removed.length > 0) {
    // Decided inside the write too: a game put on a removed court since the read stops the save.
    c.var.guards.add({
      changed: `EXISTS (SELECT 1 FROM games WHERE organization_id = ? AND court_id IN (${removed.map(() => '?').join(', ')}))`,
      params: [current.venue.organizationId, ...removed.map((k) => k.id)],
      conflict: async () => new ApiError(409, 'A game was put on a court this save removes. Nothing was saved.'),
    })
  }
}

/** Two venues of one organization never share a name (any case): decided inside the write. */
function nameFree(c: Context<AppEnv>, orgId: number, name: string, except?: number) {
  c.var.guards.add({
    changed: 'EXISTS (SELECT 1 FROM venues WHERE organization_id = ? AND lower(name) = lower(?) AND id IS NOT ?)',
    params: [orgId, name, except ?? null],
    conflict: async () => nameTaken(),
  })
}

export const venuesRoutes = new Hono<AppEnv>()
  .get('/', answers("The organization's venues, their courts and closures", { 200: venueList }), async (c) => {
    const orgId = await actingOrganization(c)
    return c.json({ venues: (await readVenues(c.var.db, orgId)).map(venueJson) })
  })
  .get('/:id{[0-9]+}', answers('A venue, its courts and closures', { 200: oneVenue }), validate('param', idParam), async (c) => {
    return c.json({ venue: venueJson(await venueOrNotFound(c, c.req.valid('param').id)) })
  })
  .post('/', answers('Add a venue with its courts and closures', { 201: oneVenue }), validate('json', venueInput), async (c) => {
    const orgId = await actingOrganization(c)
    const input = c.req.valid('json')
    nameFree(c, orgId, input.name)
    await c.var.db.batch(venueWrites(c.var.db, orgId, null, input) as never)
    const [made] = (await readVenues(c.var.db, orgId)).filter((v) => v.venue.name === input.name)
    if (!made) throw notFound('Venue')
    return c.json({ venue: venueJson(made) }, 201)
  })
  // Decision: a PUT is the whole venue as the form shows it (docs/decisions/2026-11-28-venues.md).
  .put(
    '/:id{[0-9]+}',
    answers('Change a venue, its courts and closures (the whole venue)', { 200: oneVenue }),
    validate('param', idParam),
    validate('json', venueInput),
    async (c) => {
      const input = c.req.valid('json')
      const current = await venueOrNotFound(c, c.req.valid('param').id)
      const orgId = current.venue.organizationId
      nameFree(c, orgId, input.name, current.venue.id)
      checkCourts(c, current, input)
      expectVersion(c.var, { table: 'venues', orgId, id: current.venue.id, version: input.version }, async () => {
        const [now] = await readVenues(c.var.db, orgId, current.venue.id)
        return now ? venueJson(now) : null
      })
      await c.var.db.batch(venueWrites(c.var.db, orgId, current, input) as never)
      return c.json({ venue: venueJson(await venueOrNotFound(c, current.venue.id)) })
    },
  )
  .delete(
    '/:id{[0-9]+}',
    answers('Delete a venue (one that games use only with ?confirm=true)', { 204: null }),
    validate('param', idParam),
    validate('query', z.object({ confirm: z.string().optional(), version: z.string().optional() })),
    async (c) => {
      const current = await venueOrNotFound(c, c.req.valid('param').id)
      const orgId = current.venue.organizationId
      const used = [...current.gamesByCourt.values()].reduce((a, b) => a + b, 0)
      const confirmed = c.req.valid('query').confirm === 'true'
      const inUse = (n: number) =>
        new ApiError(
          409,
          `This venue is used by ${plural(n, 'game', 'games')}. Deleting it removes the venue from them (they keep its name as their location).`,
          undefined,
          undefined,
          { games: n },
        )
      if (used > 0 && !confirmed) throw inUse(used)
      if (!confirmed) {
        // A game put here since the read is not cleared unseen.
        c.var.guards.add({
          changed: 'EXISTS (SELECT 1 FROM games WHERE organization_id = ? AND venue_id = ?)',
          params: [orgId, current.venue.id],
          conflict: async () => {
            const [now] = await readVenues(c.var.db, orgId, current.venue.id)
            return inUse(now ? [...now.gamesByCourt.values()].reduce((a, b) => a + b, 0) : 0)
          },
        })
      }
      expectVersion(c.var, { table: 'venues', orgId, id: current.venue.id, version: versionOf(c) }, async () => {
        const [now] = await readVenues(c.var.db, orgId, current.venue.id)
        return now ? venueJson(now) : null
      })
      await c.var.db.batch(venueDeletes(c.var.db, orgId, current.venue) as never)
      return c.body(null, 204)
    },
  )

/**
 * The venue and court a game write sets (docs/venues.md): a venue of the game's organization, and a
 * court of that venue. Checked inside the write's own batch (a guard), so a venue deleted meanwhile
 * is refused too and no round trip is added. Absent fields keep the game's; a new venue without a
 * court sent clears the court.
 */
export function placeOfGame(
  c: Context<AppEnv>,
  orgId: number,
  input: { venueId?: number | null; courtId?: number | null },
  game?: { venueId: number | null; courtId: number | null },
): { venueId?: number | null; courtId?: number | null } {
  if (input.venueId === undefined && input.courtId === undefined) return {}
  const venueId = input.venueId !== undefined ? input.venueId : (game?.venueId ?? null)
  const courtId =
    input.courtId !== undefined ? input.courtId : venueId === (game?.venueId ?? null) ? (game?.courtId ?? null) : null
  if (courtId !== null && venueId === null)
    throw new ApiError(400, 'Choose the venue of this court', { venueId: 'Choose the venue of this court' })
  if (venueId !== null) {
    c.var.guards.add({
      changed: 'NOT EXISTS (SELECT 1 FROM venues WHERE id = ? AND organization_id = ?)',
      params: [venueId, orgId],
      conflict: async () => new ApiError(404, 'Venue not found', { venueId: 'No such venue' }),
    })
  }
  if (courtId !== null) {
    c.var.guards.add({
      changed: 'NOT EXISTS (SELECT 1 FROM courts WHERE id = ? AND venue_id = ? AND organization_id = ?)',
      params: [courtId, venueId, orgId],
      conflict: async () => new ApiError(400, 'This court is not at the venue', { courtId: 'This court is not at the venue' }),
    })
  }
  return { venueId, courtId }
}
