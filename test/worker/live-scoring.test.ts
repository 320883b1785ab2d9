import {
  abortAllDurableObjects,
  createExecutionContext,
  evictDurableObject,
  runDurableObjectAlarm,
  runInDurableObject,
} from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import worker from '../../worker/index'
import type { GameRoom } from '../../worker/live/game-room'
import { Client } from '../helpers/client'
import { buildSeason, createTenant, unique, withBasketballDefaults } from '../helpers/factories'

type Tenant = Awaited<ReturnType<typeof createTenant>>
let a: Tenant
let b: Tenant
let season: Awaited<ReturnType<typeof buildSeason>>
let stat: (abbreviation: string) => number

beforeAll(async () => {
  a = await createTenant()
  b = await createTenant()
  stat = (await withBasketballDefaults(a.org.id)).stat
  season = await buildSeason(a.ownerClient, a.org.id, { teamCount: 3, playersPerTeam: 2 })
}, 60_000)

/** A fresh scheduled game between the season's first two teams. */
async function newGame() {
  const res = await a.ownerClient.post('/api/games', {
    season_id: season.season.id,
    leagueId: season.league.id,
    team1_id: season.teams[0].id,
    team2_id: season.teams[1].id,
    date: '2026-11-25',
    time: '19:00',
  })
  expect(res.status).toBe(201)
  return res.body.game.id as number
}

const stub = (gameId: number) => env.GAME_ROOM.get(env.GAME_ROOM.idFromName(`game:${gameId}`)) as DurableObjectStub<GameRoom>
let counter = 0
const event = (action: string, extra: Record<string, unknown> = {}) => ({
  id: `ev-${unique('x').replace(/[^A-Za-z0-9-]/g, '')}-${counter}`,
  deviceId: 'phone-one',
  seq: ++counter,
  action,
  period: 1,
  ...extra,
})
const home = () => season.teams[0].players
const away = () => season.teams[1].players
const send = (client: Client, gameId: number, events: unknown[]) => client.post(`/api/live/games/${gameId}/events`, { events })
const d1Events = async (gameId: number) =>
  (await env.DB.prepare('SELECT count(*) AS n FROM game_events WHERE game_id = ?').bind(gameId).first<{ n: number }>())?.n

/** A fan's socket through the Worker, as a browser opens it; collects what the room sends. */
async function openFan(gameId: number, query: string) {
  const ctx = createExecutionContext()
  const response = await worker.fetch(
    new Request(`http://localhost/api/live/games/${gameId}?${query}`, { headers: { Upgrade: 'websocket' } }) as Parameters<
      typeof worker.fetch
    >[0],
    env,
    ctx,
  )
  const ws = response.webSocket
  const messages: any[] = []
  if (ws) {
    ws.accept()
    ws.addEventListener('message', (m) => {
      messages.push(JSON.parse(String(m.data)))
    })
  }
  return { response, ws, messages }
}

/** Waits (without a fixed sleep) until `check` holds, giving the sockets' events their turn. */
async function until(check: () => boolean, label: string) {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 5))
  expect(check(), label).toBe(true)
}

describe('live scoring: the game room', () => {
  it('stores events durably before acknowledging them, and writes them to D1 in one batch later', async () => {
    const gameId = await newGame()
    const events = [
      event('two_made', { playerId: home()[0].id }),
      event('three_made', { playerId: away()[0].id }),
      event('ft_missed', { playerId: home()[1].id }),
    ]
    const res = await send(a.staffClient, gameId, events)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toMatchObject({ stored: 3, duplicates: 0, pos: 3, final: false })
    // Acknowledged: in the room's own storage already, not yet in D1.
    const inRoom = await runInDurableObject(stub(gameId), (_room, state) =>
      state.storage.sql.exec<{ n: number }>('SELECT count(*) AS n FROM events').one(),
    )
    expect(inRoom.n).toBe(3)
    expect(await d1Events(gameId)).toBe(0)
    // The room's memory goes (a crash, a deploy): nothing acknowledged is lost.
    await abortAllDurableObjects()
    const state = await a.staffClient.get(`/api/live/games/${gameId}`)
    expect(state.status).toBe(200)
    expect(state.body.events.map((e: { id: string; pos: number }) => [e.id, e.pos])).toEqual(events.map((e, i) => [e.id, i + 1]))
    expect(state.body.events[1]).toMatchObject({ teamId: season.teams[1].id, userId: a.staff.id })
    // The alarm writes them to D1; a second run has nothing left to write.
    expect(await runDurableObjectAlarm(stub(gameId))).toBe(true)
    expect(await d1Events(gameId)).toBe(3)
    expect(await runInDurableObject(stub(gameId), (room) => room.flush())).toBe(0)
  })

  it('a replayed event is a no-op: acknowledged again, stored and counted once', async () => {
    const gameId = await newGame()
    const events = [event('two_made', { playerId: home()[0].id }), event('ast', { playerId: home()[1].id })]
    expect((await send(a.ownerClient, gameId, events)).body).toMatchObject({ stored: 2, pos: 2 })
    const again = await send(a.ownerClient, gameId, [...events, event('stl', { playerId: away()[1].id })])
    expect(again.status).toBe(200)
    expect(again.body).toMatchObject({ stored: 1, duplicates: 2, pos: 3 })
    const replay = await send(a.staffClient, gameId, events)
    expect(replay.body).toMatchObject({ stored: 0, duplicates: 2, pos: 3 })
    await runInDurableObject(stub(gameId), (room) => room.flush())
    await runInDurableObject(stub(gameId), (room) => room.flush())
    expect(await d1Events(gameId)).toBe(3)
    const state = await a.ownerClient.get(`/api/live/games/${gameId}`)
    expect(state.body.events).toHaveLength(3)
  })

  it('refuses a player off both rosters, an unknown action, an undo of nothing, a flood, and a closed game', async () => {
    const gameId = await newGame()
    const outsider = season.teams[2].players[0].id
    const offRoster = await send(a.staffClient, gameId, [
      event('ast', { playerId: home()[0].id }),
      event('two_made', { playerId: outsider }),
    ])
    expect(offRoster.status).toBe(400)
    expect(offRoster.body.fields).toEqual({ 'events.1.playerId': 'Not on either team’s roster for this game' })
    expect((await a.staffClient.get(`/api/live/games/${gameId}`)).body.events).toEqual([])
    const unknown = await send(a.staffClient, gameId, [event('dunk', { playerId: home()[0].id })])
    expect(unknown.status).toBe(400)
    expect(typeof unknown.body.message).toBe('string')
    const noPlayer = await send(a.staffClient, gameId, [event('two_made')])
    expect(noPlayer.status).toBe(400)
    const undo = await send(a.staffClient, gameId, [event('undo', { ref: 'never-sent-1' })])
    expect(undo.status).toBe(400)
    // The rate limit: an offline backlog goes through, a flood does not.
    const burst = (n: number) => Array.from({ length: n }, () => event('reb', { playerId: away()[0].id }))
    expect((await send(a.staffClient, gameId, burst(200))).status).toBe(200)
    const flood = await send(a.staffClient, gameId, burst(200))
    expect(flood.status).toBe(429)
    // Another scorer has their own allowance.
    const end = event('end')
    expect((await send(a.ownerClient, gameId, [end])).status).toBe(200)
    const late = await send(a.ownerClient, gameId, [event('two_made', { playerId: home()[0].id })])
    expect(late.status).toBe(409)
    expect(late.body.message).toMatch(/closed/)
    // The final whistle sent again by an offline queue is still a no-op, not an error.
    expect((await send(a.ownerClient, gameId, [end])).body).toMatchObject({ stored: 0, duplicates: 1, final: true })
  })

  it('applies nothing sent after the final whistle in the same batch, in any batch order', async () => {
    const gameId = await newGame()
    const basket = event('two_made', { playerId: home()[0].id })
    const end = event('end')
    const late = event('two_made', { playerId: home()[1].id })
    // A basket listed after `end`: refused, and nothing of the batch is stored.
    const after = await send(a.staffClient, gameId, [basket, end, late])
    expect(after.status, JSON.stringify(after.body)).toBe(400)
    expect(after.body.refused).toEqual([late.id])
    expect(after.body.fields).toEqual({ 'events.2.action': 'Sent after the final whistle' })
    expect((await a.staffClient.get(`/api/live/games/${gameId}`)).body.events).toEqual([])
    // Listed before `end` but made after it on the same phone (a later sequence number): refused too.
    const reordered = await send(a.staffClient, gameId, [late, basket, end])
    expect(reordered.status).toBe(400)
    expect(reordered.body.refused).toEqual([late.id])
    expect(reordered.body.fields).toEqual({ 'events.0.action': 'Sent after the final whistle' })
    // The batch without it goes through, and the game ends 2–0.
    expect((await send(a.staffClient, gameId, [basket, end])).body).toMatchObject({ stored: 2, final: true })
    await runInDurableObject(stub(gameId), (room) => room.flush())
    const game = (await a.ownerClient.get(`/api/gamesv2/${gameId}`)).body.game
    expect(game).toMatchObject({ score_home: 2, score_away: 0, status: 'completed' })
  })

  it('only the game organization’s staff and owners score; fans of another organization see nothing', async () => {
    const gameId = await newGame()
    const e = [event('two_made', { playerId: home()[0].id })]
    expect((await send(b.ownerClient, gameId, e)).status).toBe(404)
    expect((await send(b.staffClient, gameId, e)).status).toBe(404)
    expect((await b.ownerClient.post(`/api/live/games/${gameId}/events?organization_id=${a.org.id}`, { events: e })).status).toBe(
      404,
    )
    expect((await send(new Client(), gameId, e)).status).toBe(401)
    expect((await a.staffClient.get(`/api/live/games/${gameId}`)).body.events).toEqual([])
    const foreign = await openFan(gameId, `slug=${b.org.slug}`)
    expect(foreign.response.status).toBe(404)
    expect(foreign.ws).toBeNull()
    const nobody = await openFan(gameId, '')
    expect(nobody.response.status).toBe(404)
    // A's own public page can watch: no session needed.
    const fan = await openFan(gameId, `slug=${a.org.slug}`)
    expect(fan.response.status).toBe(101)
    fan.ws?.close()
  })
})

describe('live scoring: fans', () => {
  it('a fan reconnecting with the last event seen gets only what it missed, then every new event', async () => {
    const gameId = await newGame()
    const first = [0, 1, 2].map(() => event('two_made', { playerId: home()[0].id }))
    await send(a.staffClient, gameId, first)
    const fan = await openFan(gameId, `slug=${a.org.slug}&after=2`)
    expect(fan.response.status).toBe(101)
    await until(() => fan.messages.length >= 1, 'hello')
    expect(fan.messages[0]).toMatchObject({ type: 'hello', pos: 3, final: false })
    expect(fan.messages[0].events.map((e: { id: string }) => e.id)).toEqual([first[2].id])
    // Fans are read-only: what they send changes nothing.
    fan.ws?.send(JSON.stringify({ events: [event('two_made', { playerId: home()[0].id })] }))
    const next = event('three_made', { playerId: away()[1].id })
    await send(a.staffClient, gameId, [next])
    await until(() => fan.messages.length >= 2, 'the new event')
    expect(fan.messages[1]).toMatchObject({ type: 'events', pos: 4 })
    expect(fan.messages[1].events.map((e: { id: string }) => e.id)).toEqual([next.id])
    // The room hibernates (evicted, sockets kept): the fan still hears the next event.
    await evictDurableObject(stub(gameId))
    const afterSleep = event('ft_made', { playerId: away()[1].id })
    await send(a.staffClient, gameId, [afterSleep])
    await until(() => fan.messages.length >= 3, 'the event after hibernation')
    expect(fan.messages[2].events[0]).toMatchObject({ id: afterSleep.id, pos: 5 })
    expect((await a.staffClient.get(`/api/live/games/${gameId}`)).body.pos).toBe(5)
    fan.ws?.close()
  })

  it("closes a fan's socket that sends an oversized message with 1009, and keeps the other fans", async () => {
    const gameId = await newGame()
    const flooder = await openFan(gameId, `slug=${a.org.slug}`)
    const quiet = await openFan(gameId, `slug=${a.org.slug}`)
    const closed: { code: number; reason: string }[] = []
    flooder.ws?.addEventListener('close', (e) => closed.push({ code: e.code, reason: e.reason }))
    await until(() => flooder.messages.length >= 1 && quiet.messages.length >= 1, 'hello')
    // A stray small message is ignored, as before; 2 MiB (a socket flood's size) is refused.
    flooder.ws?.send('hello?')
    flooder.ws?.send(new Uint8Array(2 * 1024 * 1024))
    await until(() => closed.length === 1, 'the close')
    expect(closed[0]).toEqual({ code: 1009, reason: 'Message too big' })
    const next = event('two_made', { playerId: home()[0].id })
    await send(a.staffClient, gameId, [next])
    await until(() => quiet.messages.length >= 2, 'the quiet fan still hears the game')
    expect(quiet.messages[1].events.map((e: { id: string }) => e.id)).toEqual([next.id])
    quiet.ws?.close()
  })

  it('caps the fans of one game', async () => {
    const gameId = await newGame()
    const fans = []
    for (let i = 0; i < 4; i++) fans.push(await openFan(gameId, `slug=${a.org.slug}`))
    expect(fans.map((f) => f.response.status)).toEqual([101, 101, 101, 101])
    const oneTooMany = await openFan(gameId, `slug=${a.org.slug}`)
    expect(oneTooMany.response.status).toBe(503)
    for (const f of fans) f.ws?.close()
  })
})

describe('live scoring: a game deleted or closed while its room is open', () => {
  /** A fan's socket that also notes when the room closes it. */
  async function watch(gameId: number) {
    const fan = await openFan(gameId, `slug=${a.org.slug}`)
    expect(fan.response.status).toBe(101)
    const closed: { code?: number } = {}
    fan.ws?.addEventListener('close', (e) => {
      closed.code = e.code
    })
    await until(() => fan.messages.length >= 1, 'hello')
    return { ...fan, closed }
  }
  const roomState = (gameId: number) =>
    runInDurableObject(stub(gameId), async (_room, state) => ({
      alarm: await state.storage.getAlarm(),
      pending: state.storage.sql.exec<{ n: number }>('SELECT count(*) AS n FROM events WHERE flushed = 0').one().n,
      events: state.storage.sql.exec<{ n: number }>('SELECT count(*) AS n FROM events').one().n,
    }))

  it('deleting a game tells its room: its alarm stops, its pending writes go, and its fans get a last message as their sockets close', async () => {
    const gameId = await newGame()
    await send(a.staffClient, gameId, [event('two_made', { playerId: home()[0].id }), event('ast', { playerId: home()[1].id })])
    expect(await roomState(gameId)).toMatchObject({ pending: 2, events: 2 })
    const fan = await watch(gameId)
    expect((await a.ownerClient.delete(`/api/games/${gameId}`)).status).toBe(204)
    await until(() => fan.closed.code !== undefined, 'the fan socket closed by the room')
    expect(fan.messages.at(-1)).toEqual({ type: 'closed', reason: 'deleted' })
    expect(await roomState(gameId)).toEqual({ alarm: null, pending: 0, events: 0 })
    // No write is left to retry.
    expect(await runDurableObjectAlarm(stub(gameId))).toBe(false)
    expect(await d1Events(gameId)).toBe(0)
  })

  it('a room whose game went another way (its season, team or schedule deleted) stops at its next write instead of retrying every 5 s', async () => {
    const gameId = await newGame()
    await send(a.staffClient, gameId, [event('two_made', { playerId: home()[0].id })])
    const fan = await watch(gameId)
    // Gone without the game route telling the room (as a season's delete takes its games).
    await env.DB.prepare('DELETE FROM games WHERE id = ?').bind(gameId).run()
    expect(await runDurableObjectAlarm(stub(gameId))).toBe(true)
    expect(await roomState(gameId)).toEqual({ alarm: null, pending: 0, events: 0 })
    await until(() => fan.closed.code !== undefined, 'the fan socket closed by the room')
    expect(fan.messages.at(-1)).toEqual({ type: 'closed', reason: 'deleted' })
  })

  it('closing a game at the desk tells its room: its pending writes go, the desk’s box score stands, fans are told, later taps are refused', async () => {
    const gameId = await newGame()
    const [h1] = home()
    await send(a.staffClient, gameId, [event('three_made', { playerId: h1.id })])
    const fan = await watch(gameId)
    const version = (await a.staffClient.get(`/api/gamesv2/${gameId}`)).body.game.version
    const desk = await a.staffClient.put(`/api/gamesv2/${gameId}/scores`, { score_home: 40, score_away: 45, version })
    expect(desk.status).toBe(200)
    await until(() => fan.closed.code !== undefined, 'the fan socket closed by the room')
    expect(fan.messages.at(-1)).toEqual({ type: 'closed', reason: 'closed' })
    expect(await roomState(gameId)).toMatchObject({ alarm: null, pending: 0 })
    expect(await runDurableObjectAlarm(stub(gameId))).toBe(false)
    expect(await d1Events(gameId)).toBe(0)
    // The room reads the game again: a tap is refused at once (no 30 s of a stale "open")…
    const late = await send(a.staffClient, gameId, [event('two_made', { playerId: h1.id })])
    expect(late.status).toBe(409)
    // …and a final whistle is acknowledged, storing nothing: the game is over either way.
    expect((await send(a.staffClient, gameId, [event('end')])).body).toMatchObject({ stored: 0, final: true })
    expect(await roomState(gameId)).toMatchObject({ alarm: null, pending: 0, events: 1 })
    const game = (await a.staffClient.get(`/api/gamesv2/${gameId}`)).body
    expect(game.game).toMatchObject({ score_home: 40, score_away: 45, status: 'completed' })
    expect(game.playerStats).toEqual([])
    // A fan arriving later is not shown the room's events over the desk's result: told at once, let go.
    const later = await openFan(gameId, `slug=${a.org.slug}`)
    await until(() => later.messages.length >= 1, 'the late fan told')
    expect(later.messages).toEqual([{ type: 'closed', reason: 'closed' }])
    // Opened again at the desk and scored live, the game is followed live again.
    const reopened = await a.staffClient.put(`/api/gamesv2/${gameId}/details`, {
      status: 'scheduled',
      version: game.game.version,
    })
    expect(reopened.status).toBe(200)
    expect((await send(a.staffClient, gameId, [event('two_made', { playerId: h1.id })])).status).toBe(200)
    const again = await openFan(gameId, `slug=${a.org.slug}`)
    await until(() => again.messages.length >= 1, 'hello')
    expect(again.messages[0]).toMatchObject({ type: 'hello', pos: 2 })
    again.ws?.close()
  })

  it('a status set at the desk that closes the game (cancelled) tells its room too', async () => {
    const gameId = await newGame()
    await send(a.staffClient, gameId, [event('two_made', { playerId: home()[0].id })])
    const fan = await watch(gameId)
    const version = (await a.staffClient.get(`/api/gamesv2/${gameId}`)).body.game.version
    expect((await a.staffClient.put(`/api/gamesv2/${gameId}/details`, { status: 'cancelled', version })).status).toBe(200)
    await until(() => fan.closed.code !== undefined, 'the fan socket closed by the room')
    expect(fan.messages.at(-1)).toEqual({ type: 'closed', reason: 'closed' })
    expect(await roomState(gameId)).toMatchObject({ alarm: null, pending: 0 })
  })
})

describe('live scoring: the derived box score in D1', () => {
  it('period changes and the final whistle write the box score, period and final scores with the data version, attributed to the scorer', async () => {
    const gameId = await newGame()
    const [h1, h2] = home()
    const [a1] = away()
    const made = event('three_made', { playerId: h1.id })
    const version = async () =>
      (await env.DB.prepare('SELECT data_version AS v FROM organizations WHERE id = ?').bind(a.org.id).first<{ v: number }>())
        ?.v ?? 0
    await send(a.staffClient, gameId, [made, event('two_made', { playerId: h2.id }), event('ft_made', { playerId: a1.id })])
    const before = await version()
    await runInDurableObject(stub(gameId), (room) => room.flush())
    // Plain events reach D1 without touching the organization's data version (its edge cache stays warm).
    expect(await version()).toBe(before)
    await send(a.staffClient, gameId, [
      event('period', { period: 2 }),
      event('two_made', { playerId: a1.id, period: 2 }),
      event('undo', { ref: made.id, period: 2 }),
      event('end', { period: 2 }),
    ])
    await runInDurableObject(stub(gameId), (room) => room.flush())
    expect(await version()).toBeGreaterThan(before)
    const game = await a.ownerClient.get(`/api/gamesv2/${gameId}`)
    expect(game.body.game).toMatchObject({ score_home: 2, score_away: 3, status: 'completed' })
    const value = (player: number, abbreviation: string) =>
      game.body.playerStats.find((s: any) => s.player_id === player && s.stat_id === stat(abbreviation))?.value
    // The undone three was h1's only event: no line left.
    expect(value(h1.id, 'PTS')).toBeUndefined()
    expect(value(h1.id, '3PA')).toBeUndefined()
    expect(value(h2.id, 'PTS')).toBe(2)
    expect(value(h2.id, 'FGM')).toBe(1)
    expect(value(a1.id, 'PTS')).toBe(3)
    expect(value(a1.id, 'FTM')).toBe(1)
    const periodScore = (name: string, team: number) =>
      game.body.periodScores.find((p: any) => p.gamePeriod.name === name && p.team_id === team)?.score
    expect(periodScore('1st Quarter', season.teams[0].id)).toBe(2)
    expect(periodScore('2nd Quarter', season.teams[1].id)).toBe(2)
    expect(periodScore('Final', season.teams[0].id)).toBe(2)
    expect(periodScore('Final', season.teams[1].id)).toBe(3)
    const audit = await env.DB.prepare(
      "SELECT username FROM audit_log WHERE organization_id = ? AND table_name = 'player_game_stats' ORDER BY id DESC LIMIT 1",
    )
      .bind(a.org.id)
      .first<{ username: string }>()
    expect(audit?.username).toBe(a.staff.username)
    // The game is no longer live.
    const now = await a.ownerClient.get(`/api/live/now?slug=${a.org.slug}`)
    expect(now.body.games.map((g: { id: number }) => g.id)).not.toContain(gameId)
  })

  it('lists games being scored in the "Live now" answer, for the organization only', async () => {
    const gameId = await newGame()
    await send(a.staffClient, gameId, [event('two_made', { playerId: home()[0].id })])
    await runInDurableObject(stub(gameId), (room) => room.flush())
    const now = await new Client().get(`/api/live/now?slug=${a.org.slug}`)
    expect(now.status).toBe(200)
    expect(now.body.games.find((g: { id: number }) => g.id === gameId)).toMatchObject({
      homeTeam: season.teams[0].name,
      awayTeam: season.teams[1].name,
    })
    const other = await new Client().get(`/api/live/now?slug=${b.org.slug}`)
    expect(other.body.games).toEqual([])
  })
})

describe('live scoring: playoff brackets', () => {
  type Slot = {
    round: number
    slot: number
    team1: { id: number } | null
    team2: { id: number } | null
    winnerId: number | null
    game: any
  }
  let c: Tenant
  let playoffs: Awaited<ReturnType<typeof buildSeason>>
  let bracketId: number
  const playersOf = (teamId: number) => playoffs.teams.find((t) => t.id === teamId)?.players ?? []
  const bracketNow = async () => (await c.staffClient.get(`/api/brackets/${bracketId}`)).body.bracket
  const slotOf = (bracket: { slots: Slot[] }, round: number, slot: number) =>
    bracket.slots.find((s) => s.round === round && s.slot === slot) as Slot
  const gamesOfOrg = async () =>
    (
      await env.DB.prepare('SELECT id, team1_id, team2_id, version FROM games WHERE organization_id = ? ORDER BY id')
        .bind(c.org.id)
        .all()
    ).results

  /** Waits until the room's alarm (set at once by a period change or the final whistle) has written everything to D1. */
  async function settled(gameId: number) {
    for (let i = 0; i < 1_000; i++) {
      const idle = await runInDurableObject(stub(gameId), async (_room, state) => {
        const alarm = await state.storage.getAlarm()
        const { n } = state.storage.sql.exec<{ n: number }>('SELECT count(*) AS n FROM events WHERE flushed = 0').one()
        return n === 0 && (alarm === null || alarm > Date.now() + 60_000)
      })
      if (idle) return
      await new Promise((r) => setTimeout(r, 10))
    }
    throw new Error(`the room of game ${gameId} never wrote its events`)
  }

  beforeAll(async () => {
    c = await createTenant()
    await withBasketballDefaults(c.org.id)
    playoffs = await buildSeason(c.ownerClient, c.org.id, { teamCount: 4, playersPerTeam: 2 })
    const created = await c.staffClient.post('/api/brackets', {
      seasonId: playoffs.season.id,
      leagueId: playoffs.league.id,
      teams: 4,
      nights: [
        { date: '2026-12-01', times: ['18:00', '19:00'] },
        { date: '2026-12-08', times: ['18:00'] },
      ],
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    bracketId = created.body.bracket.id
  }, 60_000)

  it('a final whistle after the desk closed the game leaves the desk’s result in the bracket', async () => {
    const semi = slotOf(await bracketNow(), 1, 1)
    const gameId = semi.game.id as number
    const [home1] = playersOf(semi.team1?.id as number)
    // Live: the home side leads 2–0 (the room reads the game, still open, and keeps it 30 s)…
    expect((await send(c.staffClient, gameId, [event('two_made', { playerId: home1.id })])).status).toBe(200)
    // …the desk records the away side winning…
    const detail = (await c.staffClient.get(`/api/gamesv2/${gameId}`)).body
    const desk = await c.staffClient.put(`/api/gamesv2/${gameId}/scores`, {
      score_home: 40,
      score_away: 45,
      version: detail.game.version,
    })
    expect(desk.status).toBe(200)
    // …and the scorer's final whistle, sent before the room saw the desk's save, is written after it.
    expect((await send(c.staffClient, gameId, [event('end')])).status).toBe(200)
    await settled(gameId)
    const game = (await c.staffClient.get(`/api/gamesv2/${gameId}`)).body.game
    expect(game).toMatchObject({ score_home: 40, score_away: 45, status: 'completed' })
    const bracket = await bracketNow()
    expect(slotOf(bracket, 1, 1).winnerId).toBe(semi.team2?.id)
    // The final waits for the other semi-final: only its winner is known.
    expect(slotOf(bracket, 2, 0).game).toBeNull()
  })

  it('scored live to the final whistle, a bracket game sends its winner to the next round in the same batch', async () => {
    const semi = slotOf(await bracketNow(), 1, 0)
    const gameId = semi.game.id as number
    const homeTeam = semi.team1?.id as number
    const awayTeam = semi.team2?.id as number
    const [h1] = playersOf(homeTeam)
    const [a1, a2] = playersOf(awayTeam)
    await send(c.staffClient, gameId, [
      event('two_made', { playerId: h1.id }),
      event('three_made', { playerId: a1.id }),
      event('period', { period: 2 }),
      event('two_made', { playerId: a2.id, period: 2 }),
      event('end', { period: 2 }),
    ])
    const before = (await gamesOfOrg()).length
    // The alarm the final whistle set writes everything in one batch.
    await settled(gameId)
    const game = (await c.staffClient.get(`/api/gamesv2/${gameId}`)).body.game
    expect(game).toMatchObject({ score_home: 2, score_away: 5, status: 'completed' })
    const bracket = await bracketNow()
    expect(slotOf(bracket, 1, 0).winnerId).toBe(awayTeam)
    const final = slotOf(bracket, 2, 0)
    const otherWinner = slotOf(bracket, 1, 1).winnerId
    // The final's game exists now, between the live winner and the desk's winner, on the final's night.
    expect(final.game).toMatchObject({ date: '2026-12-08', time: '18:00', status: 'scheduled' })
    expect([final.game.team1Id, final.game.team2Id].sort()).toEqual([awayTeam, otherWinner].sort())
    expect((await gamesOfOrg()).length).toBe(before + 1)
    // The final game is on the public schedule like any game.
    const publicGames = (await new Client().get(`/api/gamesv2?slug=${c.org.slug}&seasonId=${playoffs.season.id}`)).body.games
    expect(publicGames.some((g: { id: number }) => g.id === final.game.id)).toBe(true)
    // A later flush (nothing new) changes nothing more.
    await runInDurableObject(stub(gameId), (room) => room.flush(true))
    expect((await gamesOfOrg()).length).toBe(before + 1)
  })

  it('a live final the bracket refuses (a later round already played with the other winner) is not written, as the desk refuses it', async () => {
    // A bracket of its own, played through to its final at the desk.
    const d = await createTenant()
    const statOfD = (await withBasketballDefaults(d.org.id)).stat
    const built = await buildSeason(d.ownerClient, d.org.id, { teamCount: 4, playersPerTeam: 1 })
    const created = await d.staffClient.post('/api/brackets', {
      seasonId: built.season.id,
      leagueId: built.league.id,
      teams: 4,
      nights: [
        { date: '2026-12-01', times: ['18:00', '19:00'] },
        { date: '2026-12-08', times: ['18:00'] },
      ],
    })
    expect(created.status).toBe(201)
    const id = created.body.bracket.id
    const read = async () => (await d.staffClient.get(`/api/brackets/${id}`)).body.bracket
    const deskScore = async (gameId: number, home: number, away: number) => {
      const version = (await d.staffClient.get(`/api/gamesv2/${gameId}`)).body.game.version
      const res = await d.staffClient.put(`/api/gamesv2/${gameId}/scores`, { score_home: home, score_away: away, version })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
    }
    let bracket = await read()
    const semi = slotOf(bracket, 1, 0)
    await deskScore(semi.game.id, 50, 40)
    await deskScore(slotOf(bracket, 1, 1).game.id, 50, 40)
    bracket = await read()
    await deskScore(slotOf(bracket, 2, 0).game.id, 60, 55)
    // The semi-final is opened again (its status only, the desk's 50–40 stays) and scored live the other way.
    const detail = (await d.staffClient.get(`/api/gamesv2/${semi.game.id}`)).body
    const reopened = await d.staffClient.put(`/api/gamesv2/${semi.game.id}/details`, {
      status: 'scheduled',
      version: detail.game.version,
    })
    expect(reopened.status).toBe(200)
    const before = await read()
    const [awayPlayer] = built.teams.find((t) => t.id === semi.team2?.id)?.players ?? []
    const live = [event('three_made', { playerId: awayPlayer.id }), event('end')]
    expect((await send(d.staffClient, semi.game.id, live)).status).toBe(200)
    await settled(semi.game.id)
    // The desk would answer 409 here: the room writes the events and the box score, not the final score.
    const game = (await d.staffClient.get(`/api/gamesv2/${semi.game.id}`)).body
    expect(game.game).toMatchObject({ score_home: 50, score_away: 40, status: 'scheduled' })
    expect(game.playerStats.find((r: any) => r.player_id === awayPlayer.id && r.stat_id === statOfD('PTS'))?.value).toBe(3)
    expect(await d1Events(semi.game.id)).toBe(2)
    expect(await read()).toEqual(before)
    // And the desk, asked for the same result, refuses with the reason.
    const version = game.game.version
    const desk = await d.staffClient.put(`/api/gamesv2/${semi.game.id}/scores`, { score_home: 0, score_away: 3, version })
    expect(desk.status).toBe(409)
    expect(desk.body.message).toMatch(/^The Final game .* was already played with the old result/)
  })

  it('a game outside the bracket scored live to the final whistle leaves the bracket and the other games alone', async () => {
    const [t0, t1] = playoffs.teams
    const res = await c.ownerClient.post('/api/games', {
      season_id: playoffs.season.id,
      leagueId: playoffs.league.id,
      team1_id: t0.id,
      team2_id: t1.id,
      date: '2026-11-25',
      time: '19:00',
    })
    expect(res.status).toBe(201)
    const gameId = res.body.game.id as number
    const bracketBefore = await bracketNow()
    const othersBefore = (await gamesOfOrg()).filter((g) => g.id !== gameId)
    await send(c.staffClient, gameId, [
      event('three_made', { playerId: t0.players[0].id }),
      event('two_made', { playerId: t1.players[0].id }),
      event('end'),
    ])
    await settled(gameId)
    const game = (await c.staffClient.get(`/api/gamesv2/${gameId}`)).body.game
    expect(game).toMatchObject({ score_home: 3, score_away: 2, status: 'completed' })
    expect(await bracketNow()).toEqual(bracketBefore)
    expect((await gamesOfOrg()).filter((g) => g.id !== gameId)).toEqual(othersBefore)
  })
})
