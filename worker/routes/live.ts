// Live scoring's API (docs/live-scoring.md). Each call is authorized here, then handed to the game's
// Durable Object (worker/live/game-room.ts), which never sees a cookie.
import { type Context, Hono } from 'hono'
import { z } from 'zod'
import { appendAnswer, liveNow, liveState } from '../contract/live'
import { gameDetail, getGame } from '../db/queries/games'
import { liveNowQuery } from '../db/queries/live'
import { deriveGame, LIVE_ACTIONS, type LiveEvent } from '../domain/live-scoring'
import type { AppEnv } from '../env'
import { answers } from '../lib/openapi'
import { id, validate } from '../lib/validate'
import type { AppendRequest } from '../live/game-room'
import { readerOrgId, requireUser } from '../middleware/tenant'
import { versionedRow } from './owned-row'

const clientId = z.string().regex(/^[A-Za-z0-9_-]{6,64}$/, 'Ids are 6 to 64 letters, digits, - or _')

const event = z
  .object({
    id: clientId,
    deviceId: clientId,
    seq: z.number().int().min(1).max(1_000_000_000),
    action: z.enum(LIVE_ACTIONS as [string, ...string[]], `Action must be one of ${LIVE_ACTIONS.join(', ')}`),
    playerId: id.nullish(),
    period: z.number().int('Periods are whole numbers').min(1).max(30),
    ref: clientId.nullish(),
    at: z.iso.datetime({ offset: true }).nullish(),
  })
  .superRefine((e, ctx) => {
    if (!['undo', 'period', 'end'].includes(e.action) && !e.playerId)
      ctx.addIssue({ code: 'custom', path: ['playerId'], message: 'Choose the player' })
    if (e.action === 'undo' && !e.ref) ctx.addIssue({ code: 'custom', path: ['ref'], message: 'Name the event to undo' })
  })
const appendBody = z.object({ events: z.array(event).min(1, 'Send at least one event').max(200, 'At most 200 events at once') })
const afterQuery = z.object({ after: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional() })

/** The game's room; the worker tells it which game, organization and database it serves. */
function room(c: Context<AppEnv>, orgId: number, gameId: number, path: string, init: RequestInit = {}) {
  const stub = c.env.GAME_ROOM.get(c.env.GAME_ROOM.idFromName(`game:${gameId}`))
  const headers = new Headers(init.headers)
  headers.set('X-Live-Org', String(orgId))
  headers.set('X-Live-Game', String(gameId))
  headers.set('X-Live-Hint', JSON.stringify(c.var.tenant))
  // The database the request resolved through the directory: the room writes there (docs/scaling.md).
  headers.set('X-Live-Binding', c.var.binding)
  return stub.fetch(`https://game-room${path}`, { ...init, headers })
}

/** The organization's game named in the path, or 404 "Game not found". */
export const gameRow = versionedRow(
  'Game',
  async (db, orgId, gameId) => (await getGame(db, orgId, gameId))?.game,
  'games',
  async (db, orgId, gameId) => (await gameDetail(db, orgId, gameId)) ?? null,
)

/** Answers of the room pass through as they are (status and JSON). */
async function relay(response: Response) {
  return new Response(response.body, { status: response.status, headers: { 'Content-Type': 'application/json' } })
}

export const liveRoutes = new Hono<AppEnv>()
  // Games being scored now (events in the last 6 hours, no final whistle): the "Live now" strip.
  .get('/now', answers('Games being scored now', { 200: liveNow }), async (c) => {
    const orgId = await readerOrgId(c)
    const rows = await liveNowQuery(c.var.db, orgId)
    return c.json({ games: rows })
  })
  // The game's events after ?after= (JSON), or — with `Upgrade: websocket` — a fan's read-only
  // socket that starts with those events and then receives each new one. No session is involved:
  // the room never sees the request's cookies.
  .get(
    '/games/:id',
    answers("A live game's events after ?after= (or, with Upgrade: websocket, the fan's socket)", {
      200: liveState,
      101: null,
    }),
    validate('param', z.object({ id })),
    validate('query', afterQuery),
    async (c) => {
      const orgId = await readerOrgId(c)
      const game = await gameRow.of(c, orgId, c.req.valid('param').id)
      const after = c.req.valid('query').after ?? 0
      if (c.req.header('Upgrade')?.toLowerCase() === 'websocket') {
        return room(c, orgId, game.id, `/fan?after=${after}`, { headers: { Upgrade: 'websocket' } })
      }
      return relay(await room(c, orgId, game.id, `/state?after=${after}`))
    },
  )
  // The scorer's events (staff and owners of the game's organization): stored durably, then acknowledged.
  .post(
    '/games/:id/events',
    answers("Add the scorer's events", { 200: appendAnswer }),
    validate('param', z.object({ id })),
    validate('json', appendBody),
    async (c) => {
      const user = requireUser(c, ['super_admin', 'org_owner', 'staff'])
      const { orgId, row: game } = await gameRow.toWrite(c, c.req.valid('param').id)
      const body: AppendRequest = {
        events: c.req.valid('json').events as AppendRequest['events'],
        user: { id: user.id, username: user.username, organizationId: user.organizationId },
      }
      return relay(
        await room(c, orgId, game.id, '/append', {
          method: 'POST',
          body: JSON.stringify(body),
          headers: { 'Content-Type': 'application/json' },
        }),
      )
    },
  )

/** Tells a game's open pages to read it again (a score or box score saved at the desk). */
export function announceDeskSave(c: Context<AppEnv>, orgId: number, gameId: number) {
  c.executionCtx.waitUntil(
    room(c, orgId, gameId, '/refresh', { method: 'POST' })
      .then((r) => r.body?.cancel())
      .catch(() => {}),
  )
}

/**
 * Tells a game's room that the game was deleted or closed at the desk (docs/live-scoring.md "Deleted
 * or closed at the desk"): it stops its alarm, drops the D1 writes it still owed and closes its fans'
 * sockets with a last message. A room that cannot be reached now finds a deleted game at its next
 * write by itself.
 */
export function closeLiveRoom(c: Context<AppEnv>, orgId: number, gameId: number, reason: 'deleted' | 'closed') {
  c.executionCtx.waitUntil(
    room(c, orgId, gameId, `/close?reason=${reason}`, { method: 'POST' })
      .then((r) => r.body?.cancel())
      .catch(() => {}),
  )
}

/**
 * A live game's score and period as its fans see them, derived from the room's events (the same
 * derivation as the public game page); null when the room cannot answer. The live scoreboard
 * widget reads it (docs/widgets.md): live events do not bump the data version.
 */
export async function liveScore(c: Context<AppEnv>, orgId: number, game: { id: number; team1Id: number; team2Id: number }) {
  try {
    const answer = await room(c, orgId, game.id, '/state?after=0')
    if (!answer.ok) return null
    const { events } = (await answer.json()) as { events: LiveEvent[] }
    const derived = deriveGame(events, { home: game.team1Id, away: game.team2Id })
    return { home: derived.score.home, away: derived.score.away, period: derived.period, final: derived.final }
  } catch {
    return null
  }
}
