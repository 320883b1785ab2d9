import { runDurableObjectAlarm } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { localDateOf } from '../../worker/domain/time'
import { Client } from '../helpers/client'
import { buildSeason, createTenant, unique, withBasketballDefaults } from '../helpers/factories'

// The embeddable widgets (docs/widgets.md): what each shows, its headers, tenancy and freshness.

type Tenant = Awaited<ReturnType<typeof createTenant>>
let a: Tenant
let b: Tenant
let built: Awaited<ReturnType<typeof buildSeason>>
let other: Awaited<ReturnType<typeof buildSeason>>
let stat: (abbreviation: string) => number
const visitor = new Client()
const today = localDateOf(new Date())

const widget = (kind: string, query = '', slug = a.org.slug) => visitor.get(`/${slug}/widgets/${kind}${query ? `?${query}` : ''}`)

async function newGame(date: string, team1 = built.teams[0].id, team2 = built.teams[1].id) {
  const res = await a.ownerClient.post('/api/games', {
    season_id: built.season.id,
    leagueId: built.league.id,
    team1_id: team1,
    team2_id: team2,
    date,
    time: '19:00',
  })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.game as { id: number; version: number }
}

const saveScore = (gameId: number, home: number, away: number) =>
  a.staffClient.put(`/api/gamesv2/${gameId}/scores`, { score_home: home, score_away: away })

beforeAll(async () => {
  a = await createTenant({ theme: 'dark' })
  b = await createTenant()
  stat = (await withBasketballDefaults(a.org.id)).stat
  await withBasketballDefaults(b.org.id)
  built = await buildSeason(a.ownerClient, a.org.id, { teamCount: 3, playersPerTeam: 2 })
  other = await buildSeason(b.ownerClient, b.org.id, { teamCount: 2 })
}, 60_000)

describe('each widget shows its data', () => {
  it('standings: the league in standings order, with the organization theme', async () => {
    const game = await newGame('2025-10-01', built.teams[2].id, built.teams[0].id)
    expect((await saveScore(game.id, 60, 40)).status).toBe(200)
    const res = await widget('standings', `league=${built.league.id}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toContain('text/html')
    const html = res.body as string
    expect(html).toContain(`${built.league.name} standings`)
    expect(html).toContain('data-theme="dark"')
    expect(html).toContain('<script src="/widgets/widget.js" defer></script>')
    // The winner first, then the others; every team of the league is listed.
    const order = built.teams.map((t) => html.indexOf(t.name))
    expect(order.every((i) => i > 0)).toBe(true)
    expect(order[2]).toBeLessThan(order[0])
    expect(html).not.toMatch(/<script>(?!<)/) // no inline script
  })

  it('schedule: a league and a team, upcoming games and results', async () => {
    const upcoming = await newGame('2099-01-05')
    const league = (await widget('schedule', `league=${built.league.id}`)).body as string
    expect(league).toContain('Upcoming')
    expect(league).toContain(`/games/${upcoming.id}`)
    expect(league).toContain('Results')
    expect(league).toContain('60–40')
    const team = await widget('schedule', `team=${built.teams[2].id}`)
    expect(team.status).toBe(200)
    expect(team.body).toContain(`${built.teams[2].name} schedule`)
    expect(team.body).not.toContain(`/games/${upcoming.id}`) // team 2 does not play it
  })

  it("scoreboard: tonight's games, a live one with the score its fans see", async () => {
    const tonight = await newGame(today)
    const quiet = await widget('scoreboard')
    expect(quiet.status).toBe(200)
    expect(quiet.body).toContain(`/games/${tonight.id}`)
    expect(quiet.body).toContain('7:00 PM')
    const live = await a.staffClient.post(`/api/live/games/${tonight.id}/events`, {
      events: [
        {
          id: unique('ev').replace(/[^A-Za-z0-9_-]/g, ''),
          deviceId: 'widget-phone',
          seq: 1,
          action: 'three_made',
          playerId: built.teams[0].players[0].id,
          period: 1,
        },
      ],
    })
    expect(live.status, JSON.stringify(live.body)).toBe(200)
    // "Live now" reads the events D1 has: the room writes them within a second (its alarm).
    await runDurableObjectAlarm(env.GAME_ROOM.get(env.GAME_ROOM.idFromName(`game:${tonight.id}`)))
    const res = await widget('scoreboard')
    expect(res.body).toContain('data-live="1"')
    expect(res.body).toContain('LIVE · P1')
    expect(res.body).toMatch(/<b>3<\/b>/)
  })

  it('leaders: the league leaders in visible stats only', async () => {
    const game = await newGame('2025-10-02')
    const player = built.teams[0].players[0]
    const box = await a.staffClient.put('/api/player-game-stats', {
      game_id: game.id,
      stats: [
        { player_id: player.id, stat_id: stat('PTS'), value: 31 },
        { player_id: player.id, stat_id: stat('REB'), value: 12 },
      ],
    })
    expect(box.status, JSON.stringify(box.body)).toBe(200)
    const shown = (await widget('leaders', `league=${built.league.id}`)).body as string
    expect(shown).toContain('Points')
    expect(shown).toContain(player.lastName)
    expect(shown).toContain('<b>31</b>')
    expect(shown).toContain('Rebounds')
    const hide = await a.ownerClient.put(`/api/statsv2/${stat('REB')}/toggle-visibility`, { hidden: true })
    expect(hide.status).toBe(200)
    const hidden = (await widget('leaders', `league=${built.league.id}`)).body as string
    expect(hidden).not.toContain('Rebounds')
    expect(hidden).not.toContain('<b>12</b>')
    await a.ownerClient.put(`/api/statsv2/${stat('REB')}/toggle-visibility`, { hidden: false })
  })

  it('bracket: rounds, seeds and matchups', async () => {
    const made = await a.ownerClient.post('/api/brackets', {
      seasonId: built.season.id,
      leagueId: built.league.id,
      teams: 2,
      nights: [{ date: '2099-03-02', times: ['18:00'] }],
    })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    const res = await widget('bracket', `bracket=${made.body.bracket.id}`)
    expect(res.status).toBe(200)
    expect(res.body).toContain(made.body.bracket.name)
    expect(res.body).toContain('class="matchup"')
    expect(res.body).toContain('<span class="seed">1</span>')
  })
})

describe('headers', () => {
  it('widgets may be framed by any site; nothing else may', async () => {
    const res = await widget('standings', `league=${built.league.id}`)
    const csp = res.headers.get('Content-Security-Policy') ?? ''
    expect(csp).toContain('frame-ancestors *')
    expect(csp).toContain("script-src 'self'")
    expect(res.headers.get('X-Frame-Options')).toBeNull()
    expect(res.headers.get('Cache-Control')).toBe('no-cache')
    // A 404 widget is a widget page too.
    const missing = await widget('standings', 'league=999999999')
    expect(missing.status).toBe(404)
    expect(missing.headers.get('Content-Security-Policy')).toContain('frame-ancestors *')
    for (const path of [`/api/widgets/version?slug=${a.org.slug}`, `/api/seasonsv2?slug=${a.org.slug}`, '/robots.txt']) {
      const plain = await visitor.get(path)
      expect(plain.headers.get('X-Frame-Options'), path).toBe('SAMEORIGIN')
      expect(plain.headers.get('Content-Security-Policy'), path).toContain("frame-ancestors 'self'")
    }
  })

  it('answers on a custom domain at /widgets/<kind>', async () => {
    const domain = `${unique('hoops')}.example`
    await env.DB.prepare('UPDATE organizations SET domain = ? WHERE id = ?').bind(domain, a.org.id).run()
    try {
      const res = await new Client(`https://${domain}`).get(`/widgets/standings?league=${built.league.id}`)
      expect(res.status).toBe(200)
      expect(res.body).toContain(`${built.league.name} standings`)
      expect(res.body).toContain('data-version-url="/api/widgets/version"')
      expect(res.headers.get('X-Frame-Options')).toBeNull()
    } finally {
      await env.DB.prepare('UPDATE organizations SET domain = NULL WHERE id = ?').bind(a.org.id).run()
    }
  })
})

describe('tenancy and public data only', () => {
  it("another organization's ids, an unknown organization or kind: a small 404 page", async () => {
    for (const [kind, query] of [
      ['standings', `league=${other.league.id}`],
      ['leaders', `league=${other.league.id}`],
      ['schedule', `league=${other.league.id}`],
      ['schedule', `team=${other.teams[0].id}`],
      ['standings', `league=${built.league.id}&season=${other.season.id}`],
    ]) {
      const res = await widget(kind, query)
      expect(res.status, `${kind}?${query}`).toBe(404)
      expect(res.body).not.toContain(other.teams[0].name)
      expect(res.body).not.toContain(other.league.name)
    }
    expect((await widget('standings', `league=${built.league.id}`, unique('nobody'))).status).toBe(404)
    expect((await widget('nonsense', '')).status).toBe(404)
    const bad = await widget('standings', 'league=abc')
    expect(bad.status).toBe(400)
    expect(bad.body).toContain('Ids are numbers')
  })

  it('an unpublished season is never shown; a published one is', async () => {
    const hiddenSeason = (
      await a.ownerClient.post('/api/seasonsv2', { name: unique('Next'), active: false, startDate: '2026-09-01' })
    ).body.season
    const league = (await a.ownerClient.post(`/api/seasonsv2/${hiddenSeason.id}/leagues`, { name: unique('Secret league') })).body
      .league
    const query = `league=${league.id}&season=${hiddenSeason.id}`
    const hidden = await widget('standings', query)
    expect(hidden.status).toBe(404)
    expect(hidden.body).not.toContain(league.name)
    await a.ownerClient.put(`/api/seasonsv2/${hiddenSeason.id}`, { published: true })
    const shown = await widget('standings', query)
    expect(shown.status).toBe(200)
    expect(shown.body).toContain(league.name)
  })
})

describe('live games of a season the public cannot see', () => {
  it('stay off the scoreboard until the season is published', async () => {
    const next = await buildSeason(a.ownerClient, a.org.id, { teamCount: 2, playersPerTeam: 1, active: false })
    const made = await a.ownerClient.post('/api/games', {
      season_id: next.season.id,
      leagueId: next.league.id,
      team1_id: next.teams[0].id,
      team2_id: next.teams[1].id,
      date: '2099-01-01',
      time: '19:00',
    })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    const gameId = made.body.game.id as number
    const event = { id: unique('hidden').replace(/[^A-Za-z0-9_-]/g, ''), deviceId: 'widget-phone', seq: 1, period: 1 }
    const sent = await a.staffClient.post(`/api/live/games/${gameId}/events`, {
      events: [{ ...event, action: 'two_made', playerId: next.teams[0].players[0].id }],
    })
    expect(sent.status, JSON.stringify(sent.body)).toBe(200)
    await runDurableObjectAlarm(env.GAME_ROOM.get(env.GAME_ROOM.idFromName(`game:${gameId}`)))
    const hidden = (await widget('scoreboard')).body as string
    expect(hidden).not.toContain(`/games/${gameId}"`)
    expect(hidden).not.toContain(next.teams[0].name)
    await a.ownerClient.put(`/api/seasonsv2/${next.season.id}`, { published: true })
    const shown = (await widget('scoreboard')).body as string
    expect(shown).toContain(`/games/${gameId}"`)
    expect(shown).toContain(next.teams[0].name)
  })
})

describe('never stale', () => {
  it('a cached widget is read fresh after a score is saved, and the version it polls changes', async () => {
    const game = await newGame('2025-10-03', built.teams[1].id, built.teams[2].id)
    const path = `league=${built.league.id}`
    const version = (await visitor.get(`/api/widgets/version?slug=${a.org.slug}`)).body.version as string
    expect(version).toMatch(/^\d+-/)
    const first = await widget('schedule', path)
    expect(first.headers.get('X-Cache')).toBe('MISS')
    await new Promise((r) => setTimeout(r, 30))
    const second = await widget('schedule', path)
    expect(second.headers.get('X-Cache')).toBe('HIT')
    expect(second.body).toBe(first.body)
    expect(second.headers.get('X-Frame-Options')).toBeNull()
    expect((await saveScore(game.id, 71, 70)).status).toBe(200)
    const after = (await visitor.get(`/api/widgets/version?slug=${a.org.slug}`)).body.version as string
    expect(after).not.toBe(version)
    const third = await widget('schedule', path)
    expect(third.headers.get('X-Cache')).toBe('MISS')
    expect(third.body).toContain('71–70')
    expect(third.body).toContain(`data-version="${after}"`)
  })
})
