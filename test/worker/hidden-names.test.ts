// A name hidden on the public site (docs/members.md "Privacy"): a visitor who signs in nowhere walks
// every public answer — the API's public reads (the OpenAPI document's public answers), the widgets,
// the calendar feeds and the pages — and never meets the real name; staff still see it.
import { env } from 'cloudflare:workers'
import { describe, expect, it, vi } from 'vitest'
import { PUBLIC_READS } from '../../worker/lib/openapi'
import { Client } from '../helpers/client'
import { buildSeason, createTenant, insertGame, withBasketballDefaults } from '../helpers/factories'

vi.setConfig({ testTimeout: 120_000 })

describe('a name hidden on the public site, everywhere public', () => {
  it('never appears in any public answer (JSON or HTML); the neutral word does; staff see the name', async () => {
    const { org, ownerClient } = await createTenant()
    await withBasketballDefaults(org.id)
    const built = await buildSeason(ownerClient, org.id, { teamCount: 2, playersPerTeam: 2 })
    const [team1, team2] = built.teams as [(typeof built.teams)[0], (typeof built.teams)[0]]
    const hidden = team1.players[0] as { id: number }
    const first = 'Zyxwaqueen'
    const last = 'Quorblexton'
    await env.DB.prepare('UPDATE players SET first_name = ?, last_name = ?, hide_name = 1 WHERE id = ?')
      .bind(first, last, hidden.id)
      .run()
    // The team's display captain, and the star of a played game: rosters, box scores, leaders, records.
    await env.DB.prepare('UPDATE teams SET captain_id = ? WHERE id = ?').bind(hidden.id, team1.id).run()
    const game = await insertGame(org.id, built.season.id, built.league.id, team1.id, team2.id, [90, 40])
    await env.DB.prepare(
      'INSERT INTO player_game_stats (organization_id, player_id, game_id, team_id, stat_id, value) SELECT ?, ?, ?, ?, id, 40 FROM stat_definitions WHERE organization_id = ?',
    )
      .bind(org.id, hidden.id, game.id, team1.id, org.id)
      .run()
    const upcoming = await insertGame(
      org.id,
      built.season.id,
      built.league.id,
      team2.id,
      team1.id,
      [0, 0],
      'scheduled',
      '2099-01-01',
    )
    const sport = await env.DB.prepare('SELECT sport_id FROM organization_sports WHERE organization_id = ? LIMIT 1')
      .bind(org.id)
      .first<{ sport_id: number }>()
      .catch(() => null)
    const values: Record<string, string> = {
      '/statsv2/{sportId}': String(sport?.sport_id ?? 1),
      '/site-pages/{key}': 'registration',
      '/seasonsv2/{id}': String(built.season.id),
      '/seasonsv2/{id}/leagues': String(built.season.id),
      '/seasonsv2/{id}/leagues-with-teams-public': String(built.season.id),
      '/seasonsv2/{id}/divisions': String(built.season.id),
      '/teamsv2/{id}': String(team1.id),
      '/playersv2/{id}/basic': String(hidden.id),
      '/playersv2/{id}/stats': String(hidden.id),
      '/playersv2/{id}': String(hidden.id),
      '/gamesv2/{id}': String(game.id),
      '/records/teams/{teamId}': String(team1.id),
      '/calendar/leagues/{file}': `${built.league.id}.ics`,
      '/calendar/teams/{file}': `${team1.id}.ics`,
      '/tiebreakers/{leagueId}': String(built.league.id),
      '/brackets/{id}': '1',
      '/live/games/{id}': String(game.id),
    }
    const fill = (path: string) =>
      path
        .replace('{seasonId}', String(built.season.id))
        .replace('{leagueId}', String(built.league.id))
        .replace('{teamId}', String(team1.id))
        .replace(/\{[a-zA-Z]+\}/, values[path] ?? '1')
    const slug = org.slug
    const addresses = [
      ...PUBLIC_READS.map((path) => `/api${fill(path)}?slug=${slug}&seasonId=${built.season.id}`),
      ...PUBLIC_READS.map((path) => `/api${fill(path)}?slug=${slug}`),
      `/api/gamesv2/${upcoming.id}?slug=${slug}`,
      `/api/stat-leaders?slug=${slug}&seasonId=${built.season.id}&leagueId=${built.league.id}`,
      `/api/playersv2?slug=${slug}&search=${first.slice(0, 4)}`,
      `/api/playersv2?slug=${slug}&search=${last.slice(0, 4)}`,
      ...['standings', 'schedule', 'scoreboard', 'leaders', 'bracket'].map((kind) => `/${slug}/widgets/${kind}`),
      `/${slug}`,
      `/${slug}/players/${hidden.id}`,
      `/${slug}/player/${hidden.id}/stats`,
      `/${slug}/teams/${team1.id}`,
      `/${slug}/games/${game.id}`,
      `/${slug}/live/${game.id}`,
      `/${slug}/playerList`,
      `/${slug}/records`,
      `/${slug}/leaders`,
      `/${slug}/standings`,
      `/${slug}/schedule`,
      `/${slug}/sitemap.xml`,
      `/${slug}/cards/players/${hidden.id}.png`,
    ]
    let answered = 0
    const seen: string[] = []
    for (const address of addresses) {
      const res = await new Client().get(address)
      if (res.status === 200) answered++
      const text = (typeof res.body === 'string' ? res.body : JSON.stringify(res.body)).toLowerCase()
      if (text.includes(first.toLowerCase()) || text.includes(last.toLowerCase())) seen.push(address)
    }
    expect(seen).toEqual([])
    expect(answered).toBeGreaterThan(PUBLIC_READS.length)

    // The neutral word stands where the name stood: the box score, the team's roster, the leaders.
    const visitor = new Client()
    const box = JSON.stringify((await visitor.get(`/api/gamesv2/${game.id}?slug=${slug}`)).body)
    expect(box).toContain('Hidden player')
    const roster = JSON.stringify(
      (await visitor.get(`/api/seasonsv2/${built.season.id}/leagues/${built.league.id}/teams/${team1.id}/players?slug=${slug}`))
        .body,
    )
    expect(roster).toContain('Hidden player')
    expect(JSON.stringify((await visitor.get(`/api/records/top20Points?slug=${slug}`)).body)).toContain('Hidden player')

    // Staff screens keep the real name.
    const staffBox = JSON.stringify((await ownerClient.get(`/api/gamesv2/${game.id}`)).body)
    expect(staffBox).toContain(last)
    const staffRoster = JSON.stringify(
      (await ownerClient.get(`/api/seasonsv2/${built.season.id}/leagues/${built.league.id}/teams/${team1.id}/players`)).body,
    )
    expect(staffRoster).toContain(last)
  })
})
