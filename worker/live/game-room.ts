// One Durable Object per game (docs/live-scoring.md): it accepts the scorer's events, stores them in
// its own SQLite storage BEFORE acknowledging, broadcasts them to every connected fan (WebSocket
// Hibernation API: an idle game costs nothing while its fans stay connected), and writes them to D1
// in batches from its alarm. The box score derived from the events (worker/domain/live-scoring.ts)
// is written at period changes and at the final whistle, in the same batch that bumps the
// organization's data version, so a game night does not keep the organization's edge cache cold.
// The final whistle of a playoff game advances its bracket in that same batch, exactly as a final
// score saved at the desk does (bracketWritesAfterScore, docs/playoffs.md "Advancing").

import { DurableObject } from 'cloudflare:workers'
import { and, eq } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import { type AuditActor, withAuditActor } from '../db/audit'
import { createDb, type Db, inOneTrip, runBatch } from '../db/client'
import { d1Named } from '../db/directory'
import { WriteGuards } from '../db/guards'
import { type BracketGame, bracketWritesAfterScore } from '../db/queries/brackets'
import { allStatDefinitions, boxScoreStatements, gameDetail, periodScoreStatements } from '../db/queries/games'
import { chunks } from '../db/queries/organizations'
import { databaseFor } from '../db/routing'
import { gameEvents, games, seasons } from '../db/schema'
import { isFinalPeriod } from '../domain/derived-stats'
import { boxScoreRows } from '../domain/live-box-score'
import { deriveGame, isStatAction, type LiveEvent, periodScoreRows } from '../domain/live-scoring'
import type { Bindings, TenantHint } from '../env'
import { ApiError } from '../lib/errors'

/** An event as the scorer sends it (validated by worker/routes/live.ts before it gets here). */
export interface EventInput {
  id: string
  deviceId: string
  seq: number
  action: LiveEvent['action']
  playerId?: number | null
  period: number
  ref?: string | null
  at?: string | null
}

export interface AppendRequest {
  events: EventInput[]
  user: { id: number; username: string; organizationId: number }
}

interface Meta {
  orgId: number
  gameId: number
  hint: TenantHint
  /** The D1 binding holding the organization (worker/db/directory.ts), named by the worker. */
  binding?: string
  /** Who wrote last: the audit trail's actor of the next D1 batch. */
  actor: AuditActor | null
}

interface Context {
  loadedAt: number
  home: number
  away: number
  closed: boolean
  /** The game's row as D1 had it when the context was read. */
  game: BracketGame
  homeRoster: Set<number>
  awayRoster: Set<number>
  periods: { id: number; name: string; order: number }[]
  stats: { id: number; abbreviation: string }[]
  finalPeriodId: number | null
}

const CONTEXT_TTL_MS = 30_000
/** Events a scorer may send in a burst (an offline queue's backlog), refilled per second. */
const BUCKET = 300
const REFILL_PER_SECOND = 10
const D1_RETRY_MS = 5_000
/** `events.flushed`: 0 waits for D1, 1 is in D1, DROPPED will never go (the game was closed at the desk). */
const DROPPED = 2
/**
 * The most a fan's socket may send in one message: fans send only the 5-byte keep-alive, so a
 * larger message is a misbehaving client (a flood of megabyte messages), closed with 1009.
 */
export const FAN_MESSAGE_LIMIT = 1024

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

export class GameRoom extends DurableObject<Bindings> {
  private events: LiveEvent[] = []
  private byId = new Map<string, LiveEvent>()
  private meta: Meta | null = null
  private context: Context | null = null
  private buckets = new Map<number, { tokens: number; at: number }>()
  /** Closed at the desk: fans are let go at once, until the game is scored live again (reopened). */
  private closedAtDesk = false

  constructor(ctx: DurableObjectState, env: Bindings) {
    super(ctx, env)
    ctx.blockConcurrencyWhile(async () => {
      const db = ctx.storage.sql
      db.exec(
        'CREATE TABLE IF NOT EXISTS events (pos INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, body TEXT NOT NULL, flushed INTEGER NOT NULL DEFAULT 0)',
      )
      db.exec('CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)')
      for (const row of db.exec<{ body: string }>('SELECT body FROM events ORDER BY pos')) {
        const event = JSON.parse(row.body) as LiveEvent
        this.events.push(event)
        this.byId.set(event.id, event)
      }
      const meta = db.exec<{ value: string }>("SELECT value FROM meta WHERE key = 'meta'").toArray()[0]
      this.meta = meta ? (JSON.parse(meta.value) as Meta) : null
      this.closedAtDesk = db.exec("SELECT 1 FROM meta WHERE key = 'closed'").toArray().length > 0
    })
    // Fans' keep-alives are answered without waking the object.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('ping', 'pong'))
  }

  private get pos() {
    return this.events.at(-1)?.pos ?? 0
  }

  private get final() {
    return this.events.some((e) => e.action === 'end')
  }

  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url)
    this.remember(request)
    const after = Math.max(0, Number(url.searchParams.get('after')) || 0)
    switch (url.pathname) {
      case '/state':
        return json(this.state(after))
      case '/fan':
        return this.connectFan(after)
      case '/append':
        return this.append((await request.json()) as AppendRequest)
      case '/refresh':
        // A score, box score or status saved at the desk: open pages read the game again, and so does the room.
        this.context = null
        this.broadcast(JSON.stringify({ type: 'refresh' }))
        return json({ fans: this.ctx.getWebSockets('fan').length })
      case '/close':
        return json(await this.close(url.searchParams.get('reason') === 'deleted' ? 'deleted' : 'closed'))
      default:
        return json({ message: 'Not found' }, 404)
    }
  }

  /** The worker names the game, its organization and the tenant hint (which D1 holds it) on every call. */
  private remember(request: Request) {
    const orgId = Number(request.headers.get('X-Live-Org'))
    const gameId = Number(request.headers.get('X-Live-Game'))
    const hint = request.headers.get('X-Live-Hint')
    const binding = request.headers.get('X-Live-Binding') ?? undefined
    if (!orgId || !gameId || !hint) return
    if (
      this.meta &&
      this.meta.orgId === orgId &&
      this.meta.gameId === gameId &&
      JSON.stringify(this.meta.hint) === hint &&
      this.meta.binding === binding
    )
      return
    this.meta = { orgId, gameId, hint: JSON.parse(hint) as TenantHint, binding, actor: this.meta?.actor ?? null }
    this.saveMeta()
  }

  private saveMeta() {
    this.ctx.storage.sql.exec("INSERT OR REPLACE INTO meta (key, value) VALUES ('meta', ?)", JSON.stringify(this.meta))
  }

  private state(after: number) {
    return { pos: this.pos, final: this.final, events: this.events.filter((e) => (e.pos ?? 0) > after) }
  }

  private connectFan(after: number): Response {
    const cap = Number(this.env.LIVE_MAX_FANS) || 2_000
    // Sockets still closing (a reconnect storm) do not count against the cap.
    const open = this.ctx.getWebSockets('fan').filter((ws) => ws.readyState === WebSocket.OPEN).length
    if (open >= cap) {
      return json({ message: 'This game has as many live viewers as it can take. The page updates when you reload it.' }, 503)
    }
    const pair = new WebSocketPair()
    const { 0: client, 1: server } = pair
    if (this.closedAtDesk) {
      // The desk's result is the game's: its page shows that, not the room's events.
      server.accept()
      server.send(JSON.stringify({ type: 'closed', reason: 'closed' }))
      server.close(1000, 'Game closed')
      return new Response(null, { status: 101, webSocket: client })
    }
    this.ctx.acceptWebSocket(server, ['fan'])
    server.send(JSON.stringify({ type: 'hello', ...this.state(after) }))
    return new Response(null, { status: 101, webSocket: client })
  }

  /**
   * Fan sockets are read-only: anything a fan sends but the keep-alive is ignored, and a message
   * over FAN_MESSAGE_LIMIT closes its socket with 1009 (docs/live-scoring.md).
   */
  async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer) {
    const size = typeof message === 'string' ? message.length : message.byteLength
    if (size <= FAN_MESSAGE_LIMIT) return
    try {
      ws.close(1009, 'Message too big')
    } catch {
      // already closing
    }
  }

  async webSocketClose(ws: WebSocket, code: number) {
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, 'Bye')
    } catch {
      // already closed
    }
  }

  /**
   * The game was deleted, or closed at the desk (docs/live-scoring.md "Deleted or closed at the
   * desk"): the room stops its alarm, drops the D1 writes it still owed (a deleted game's events
   * with them; a closed game's stay in the room, marked never to be written), reads the game again
   * on its next call, and closes its fans' sockets after a last `{ type: 'closed', reason }`.
   */
  private async close(reason: 'deleted' | 'closed') {
    const storage = this.ctx.storage
    await storage.deleteAlarm()
    if (reason === 'deleted') {
      storage.transactionSync(() => {
        storage.sql.exec('DELETE FROM events')
        storage.sql.exec('DELETE FROM meta')
      })
      this.events = []
      this.byId.clear()
      this.meta = null
      this.buckets.clear()
      this.closedAtDesk = false
    } else {
      storage.transactionSync(() => {
        storage.sql.exec(`UPDATE events SET flushed = ${DROPPED} WHERE flushed = 0`)
        storage.sql.exec("INSERT OR REPLACE INTO meta (key, value) VALUES ('closed', '1')")
      })
      this.closedAtDesk = true
    }
    this.context = null
    const fans = this.ctx.getWebSockets('fan')
    const last = JSON.stringify({ type: 'closed', reason })
    for (const ws of fans) {
      try {
        ws.send(last)
        ws.close(1000, reason === 'deleted' ? 'Game deleted' : 'Game closed')
      } catch {
        // a socket already closing
      }
    }
    return { fans: fans.length }
  }

  private broadcast(message: string) {
    for (const ws of this.ctx.getWebSockets('fan')) {
      try {
        ws.send(message)
      } catch {
        // a socket that is closing; its close handler tidies up
      }
    }
  }

  /** Token bucket per scorer: refuses a flood, lets an offline queue's backlog through. */
  private allow(userId: number, count: number, now: number): boolean {
    const bucket = this.buckets.get(userId) ?? { tokens: BUCKET, at: now }
    bucket.tokens = Math.min(BUCKET, bucket.tokens + ((now - bucket.at) / 1000) * REFILL_PER_SECOND)
    bucket.at = now
    this.buckets.set(userId, bucket)
    if (bucket.tokens < count) return false
    bucket.tokens -= count
    return true
  }

  /** D1 for this game; `guards` (worker/db/guards.ts) go at the head of its next write batch. */
  private db(guards?: WriteGuards): Db {
    if (!this.meta) throw new Error('The game room does not know its game yet')
    // The database the worker found in the directory for this game's organization (docs/scaling.md).
    const d1 = this.meta.binding ? d1Named(this.env, this.meta.binding) : databaseFor(this.env, this.meta.hint)
    return createDb(
      withAuditActor(
        d1,
        () => this.meta?.actor ?? null,
        () => guards?.take(d1) ?? [],
      ),
    )
  }

  /** The game's teams, rosters, status, stats and periods, read from D1 at most every 30 s (or when a player is not found). */
  private async loadContext(force = false): Promise<Context> {
    const now = Date.now()
    if (!force && this.context && now - this.context.loadedAt < CONTEXT_TTL_MS) return this.context
    const meta = this.meta
    if (!meta) throw new Error('The game room does not know its game yet')
    const db = this.db()
    // One D1 round trip: the game's detail and the room's own reads in the same batch.
    const [detail, [definitions, [row]]] = await inOneTrip(db, (trip) =>
      Promise.all([
        gameDetail(trip, meta.orgId, meta.gameId),
        trip.batch([
          allStatDefinitions(trip, meta.orgId),
          trip
            .select({ game: games, sportId: seasons.sportId })
            .from(games)
            .innerJoin(seasons, eq(seasons.id, games.seasonId))
            .where(and(eq(games.id, meta.gameId), eq(games.organizationId, meta.orgId))),
        ]),
      ]),
    )
    if (!detail || !row) throw new Error('The game is gone')
    const periods = detail.gamePeriods.map((p) => ({ id: p.id, name: p.name, order: p.order }))
    this.context = {
      loadedAt: now,
      home: detail.game.team1_id,
      away: detail.game.team2_id,
      closed: row.game.status !== 'scheduled',
      game: row.game,
      homeRoster: new Set(detail.homeRoster.map((p) => p.id)),
      awayRoster: new Set(detail.awayRoster.map((p) => p.id)),
      periods,
      stats: definitions.filter((d) => d.sportId === row.sportId).map((d) => ({ id: d.id, abbreviation: d.abbreviation })),
      finalPeriodId: periods.find(isFinalPeriod)?.id ?? null,
    }
    return this.context
  }

  private async append(body: AppendRequest): Promise<Response> {
    const now = Date.now()
    const fresh: EventInput[] = []
    const inBatch = new Set<string>()
    for (const e of body.events) {
      if (this.byId.has(e.id) || inBatch.has(e.id)) continue
      inBatch.add(e.id)
      fresh.push(e)
    }
    const duplicates = body.events.length - fresh.length
    // A replay (an offline queue sending again what was stored) is a no-op, even after the final whistle.
    if (fresh.length === 0) return json({ stored: 0, duplicates, pos: this.pos, final: this.final })
    if (!this.allow(body.user.id, fresh.length, now)) {
      return json({ message: 'Too many events at once. Wait a moment: the waiting events are sent again.' }, 429)
    }
    let context = await this.loadContext()
    if (context.closed && !this.final && fresh.every((e) => e.action === 'end')) {
      // A final whistle reaching a game closed at the desk: the game is over either way, and the
      // desk's result stands. Acknowledged (an offline queue can let it go), stored nowhere.
      return json({ stored: 0, duplicates, pos: this.pos, final: true })
    }
    if (!context.closed && this.closedAtDesk) {
      // Opened again at the desk: followed live again.
      this.ctx.storage.sql.exec("DELETE FROM meta WHERE key = 'closed'")
      this.closedAtDesk = false
    }
    if (context.closed || this.final) {
      return json({ message: 'This game is closed: its final score is recorded. Events can no longer be added.' }, 409)
    }
    const teamOf = (playerId: number) =>
      context.homeRoster.has(playerId) ? context.home : context.awayRoster.has(playerId) ? context.away : null
    // A player added to a roster a moment ago: read the rosters again once before refusing.
    if (fresh.some((e) => isStatAction(e.action) && e.playerId && teamOf(e.playerId) === null)) {
      context = await this.loadContext(true)
    }
    const fields: Record<string, string> = {}
    const refused: string[] = []
    // Nothing after the final whistle is applied (docs/live-scoring.md "Events"): an event listed after
    // an `end` of the batch, or made after it on the same device (a later sequence number), is refused.
    const whistle = fresh.findIndex((e) => e.action === 'end')
    const whistleSeq = new Map<string, number>()
    for (const e of fresh)
      if (e.action === 'end') whistleSeq.set(e.deviceId, Math.min(e.seq, whistleSeq.get(e.deviceId) ?? e.seq))
    const afterWhistle = (e: EventInput) =>
      e.action !== 'end' &&
      ((whistle >= 0 && fresh.indexOf(e) > whistle) || e.seq > (whistleSeq.get(e.deviceId) ?? Number.POSITIVE_INFINITY))
    for (const [i, e] of body.events.entries()) {
      if (!fresh.includes(e)) continue
      if (afterWhistle(e)) {
        fields[`events.${i}.action`] = 'Sent after the final whistle'
        refused.push(e.id)
        continue
      }
      if (isStatAction(e.action) && (!e.playerId || teamOf(e.playerId) === null)) {
        fields[`events.${i}.playerId`] = 'Not on either team’s roster for this game'
        refused.push(e.id)
      }
      if (e.action === 'undo' && !(e.ref && (this.byId.has(e.ref) || inBatch.has(e.ref)))) {
        fields[`events.${i}.ref`] = 'Undoes an event this game does not have'
        refused.push(e.id)
      }
    }
    if (refused.length > 0) {
      return json({ message: 'Some events were refused; nothing was stored.', fields, refused }, 400)
    }
    const receivedAt = new Date(now).toISOString()
    let pos = this.pos
    const stored: LiveEvent[] = fresh.map((e) => ({
      id: e.id,
      deviceId: e.deviceId,
      seq: e.seq,
      action: e.action,
      playerId: isStatAction(e.action) ? (e.playerId ?? null) : null,
      teamId: isStatAction(e.action) && e.playerId ? teamOf(e.playerId) : null,
      period: e.period,
      ref: e.action === 'undo' ? (e.ref ?? null) : null,
      userId: body.user.id,
      at: e.at ?? receivedAt,
      receivedAt,
      pos: ++pos,
    }))
    const storage = this.ctx.storage
    storage.transactionSync(() => {
      for (const e of stored)
        storage.sql.exec('INSERT INTO events (pos, id, body) VALUES (?, ?, ?)', e.pos, e.id, JSON.stringify(e))
      if (this.meta) {
        this.meta.actor = { userId: body.user.id, username: body.user.username, organizationId: body.user.organizationId }
        this.saveMeta()
      }
    })
    // Durable before anyone hears of it: the acknowledgement and the broadcast wait for the disk.
    await storage.sync()
    for (const e of stored) {
      this.events.push(e)
      this.byId.set(e.id, e)
    }
    this.broadcast(JSON.stringify({ type: 'events', events: stored, pos: this.pos }))
    // Period changes and the final whistle write the box score at once; other events within a second.
    const urgent = stored.some((e) => e.action === 'period' || e.action === 'end')
    const flushMs = Number(this.env.LIVE_FLUSH_MS) || 1_000
    const due = now + (urgent ? 0 : flushMs)
    const current = await storage.getAlarm()
    if (current === null || current > due) await storage.setAlarm(due)
    return json({ stored: stored.length, duplicates, pos: this.pos, final: this.final })
  }

  async alarm() {
    try {
      await this.flush()
    } catch (error) {
      // A game deleted without the room being told (its season, team or schedule deleted with it):
      // nothing will ever take these writes, so the room closes instead of retrying for ever.
      if (await this.gameGone().catch(() => false)) {
        await this.close('deleted')
        return
      }
      console.error('live game flush failed; retrying', error)
      await this.ctx.storage.setAlarm(Date.now() + D1_RETRY_MS)
    }
  }

  /** Whether D1 no longer has the room's game (a read of D1; an unreachable D1 throws). */
  private async gameGone(): Promise<boolean> {
    const meta = this.meta
    if (!meta) return false
    const rows = await this.db()
      .select({ id: games.id })
      .from(games)
      .where(and(eq(games.id, meta.gameId), eq(games.organizationId, meta.orgId)))
    return rows.length === 0
  }

  /**
   * Writes the events D1 has not seen yet (one batch) and, when a period changed, the game ended or
   * `materialize` asks, the box score, period scores and (at the end) final score derived from all
   * events, in that same batch. Returns how many events were written.
   */
  async flush(materialize = false): Promise<number> {
    const meta = this.meta
    if (!meta) return 0
    const pending = this.ctx.storage.sql
      .exec<{ pos: number; body: string }>('SELECT pos, body FROM events WHERE flushed = 0 ORDER BY pos')
      .toArray()
      .map((r) => JSON.parse(r.body) as LiveEvent)
    const boxScoreDue =
      materialize || pending.some((e) => e.action === 'period' || e.action === 'end') || this.boxScoreStale(pending)
    if (pending.length === 0 && !boxScoreDue) return 0
    const guards = new WriteGuards()
    const db = this.db(guards)
    const items = pendingInserts(db, meta, pending)
    if (boxScoreDue) items.push(...(await this.boxScoreItems(db, guards, meta)))
    await runBatch(db, items)
    const last = pending.at(-1)?.pos
    if (last !== undefined) this.ctx.storage.sql.exec('UPDATE events SET flushed = 1 WHERE pos <= ? AND flushed = 0', last)
    if (boxScoreDue) this.ctx.storage.sql.exec("INSERT OR REPLACE INTO meta (key, value) VALUES ('box', ?)", String(Date.now()))
    return pending.length
  }

  /** The derived box score goes to D1 at least every LIVE_BOX_SCORE_MS (default 5 minutes) while events arrive. */
  private boxScoreStale(pending: LiveEvent[]) {
    if (pending.length === 0) return false
    const row = this.ctx.storage.sql.exec<{ value: string }>("SELECT value FROM meta WHERE key = 'box'").toArray()[0]
    if (!row) {
      // The game's first events: the clock starts now.
      this.ctx.storage.sql.exec("INSERT INTO meta (key, value) VALUES ('box', ?)", String(Date.now()))
      return false
    }
    const every = Number(this.env.LIVE_BOX_SCORE_MS) || 300_000
    return Date.now() - Number(row.value) >= every
  }

  private async boxScoreItems(db: Db, guards: WriteGuards, meta: Meta) {
    const context = await this.loadContext(true)
    // A game closed at the desk keeps the desk's box score and scores (its save told the room to stop;
    // this covers a flush already under way then).
    if (context.closed) return []
    const teams = { home: context.home, away: context.away }
    const derived = deriveGame(this.events, teams)
    // The whole box score is replaced: a player whose every event was undone loses their rows too.
    const items = boxScoreStatements(db, meta.orgId, meta.gameId, boxScoreRows(derived, context.stats), context.stats)
    const periodRows = periodScoreRows(derived, context.periods, teams)
    const advance = derived.final ? await this.bracketItems(db, guards, meta, context, derived.score) : null
    if (advance) {
      if (context.finalPeriodId) {
        periodRows.push({ gamePeriodId: context.finalPeriodId, teamId: context.home, score: derived.score.home })
        periodRows.push({ gamePeriodId: context.finalPeriodId, teamId: context.away, score: derived.score.away })
      }
      items.push(
        db
          .update(games)
          .set({ scoreTeam1: derived.score.home, scoreTeam2: derived.score.away, status: 'completed' })
          .where(and(eq(games.id, meta.gameId), eq(games.organizationId, meta.orgId), eq(games.status, 'scheduled'))),
        // A playoff game's winner advances in the same batch as its final score (docs/playoffs.md).
        ...advance,
      )
    }
    items.push(...periodScoreStatements(db, meta.orgId, meta.gameId, periodRows))
    return items
  }

  /**
   * The bracket writes of the final score, as the desk's score save makes them
   * (bracketWritesAfterScore); [] for a game outside a bracket. Null when the final score is not to
   * be written: the game was closed at the desk meanwhile (the desk's score stands), or the bracket
   * refuses it — a later round already played with the other winner, the desk's 409. The events and
   * the box score still go to D1; the game stays open in D1 until staff settle the score at the
   * desk, where the save answers the same 409 with what to clear first.
   */
  private async bracketItems(
    db: Db,
    guards: WriteGuards,
    meta: Meta,
    context: Context,
    score: { home: number; away: number },
  ): Promise<BatchItem<'sqlite'>[] | null> {
    if (context.closed) return null
    try {
      const items = await bracketWritesAfterScore({ db, guards }, meta.orgId, context.game, { ...score, status: 'completed' })
      if (items.length > 0) {
        // The desk may close the game between this read and the write: its score then stands, and
        // the bracket must not advance from this one. The batch is refused; the alarm's retry reads again.
        guards.add({
          changed: "EXISTS (SELECT 1 FROM games WHERE id = ? AND organization_id = ? AND status <> 'scheduled')",
          params: [meta.gameId, meta.orgId],
          conflict: async () => new ApiError(409, 'The game was closed at the desk while its final whistle was being written.'),
        })
      }
      return items
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 409) throw error
      console.error(`live game ${meta.gameId}: the final score is not written, its bracket refuses it: ${error.message}`)
      return null
    }
  }
}

/** game_events rows for the pending events: 14 parameters each, 7 rows a statement (D1 binds at most 100). */
function pendingInserts(db: Db, meta: Meta, pending: LiveEvent[]): BatchItem<'sqlite'>[] {
  return chunks(pending, 7).map((part) =>
    db
      .insert(gameEvents)
      .values(
        part.map((e) => ({
          gameId: meta.gameId,
          id: e.id,
          organizationId: meta.orgId,
          position: e.pos ?? 0,
          deviceId: e.deviceId,
          deviceSeq: e.seq,
          playerId: e.playerId,
          teamId: e.teamId,
          action: e.action,
          period: e.period,
          ref: e.ref ?? null,
          userId: e.userId ?? null,
          createdAt: e.at ?? new Date().toISOString(),
          receivedAt: e.receivedAt ?? new Date().toISOString(),
        })),
      )
      .onConflictDoNothing(),
  )
}
