import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { Client } from '../helpers/client'
import { buildSeason, createTenant, insertGame, unique } from '../helpers/factories'

const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='),
  (ch) => ch.charCodeAt(0),
)
const count = async (table: string, where: string, ...binds: unknown[]) =>
  (
    await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE ${where}`)
      .bind(...binds)
      .first<{ n: number }>()
  )?.n

describe('teams of a league in a season', () => {
  it('lists teams in standings order with rank, captain, players and records', async () => {
    const { org, staffClient } = await createTenant()
    const { season, league, teams } = await buildSeason(staffClient, org.id, { teamCount: 3, playersPerTeam: 2 })
    const [a, b, c] = teams
    await insertGame(org.id, season.id, league.id, a.id, b.id, [50, 60])
    await insertGame(org.id, season.id, league.id, c.id, a.id, [70, 40])
    await insertGame(org.id, season.id, league.id, b.id, c.id, [55, 54])
    await insertGame(org.id, season.id, league.id, a.id, c.id, [0, 0], 'scheduled')
    await insertGame(org.id, season.id, league.id, a.id, c.id, [90, 10], 'cancelled')
    await staffClient.putForm(
      `/api/seasonsv2/${season.id}/leagues/${league.id}/teams/${b.id}`,
      form({ captainId: String(b.players[0].id) }),
    )
    const list = (await staffClient.get(`/api/seasonsv2/${season.id}/leagues/${league.id}/teams`)).body.teams
    expect(list.map((t: any) => [t.name, t.wins, t.losses, t.rank])).toEqual([
      [b.name, 2, 0, 1],
      [c.name, 1, 1, 2],
      [a.name, 0, 2, 3],
    ])
    expect(list[0]).toMatchObject({
      captain: `${b.players[0].firstName} ${b.players[0].lastName}`,
      playersCount: 2,
      winPercentage: 1,
    })
  })

  it('adds a team by name or by copying an existing team with its latest roster', async () => {
    const { org, staffClient } = await createTenant()
    const first = await buildSeason(staffClient, org.id, { teamCount: 1, playersPerTeam: 3 })
    const second = await buildSeason(staffClient, org.id)
    const missing = await staffClient.post(`/api/seasonsv2/${second.season.id}/leagues/${second.league.id}/teams`, { name: ' ' })
    expect(missing.status).toBe(400)
    expect(missing.body.message).toBe('Please enter a team name or select an existing team')
    const copied = await staffClient.post(`/api/seasonsv2/${second.season.id}/leagues/${second.league.id}/teams`, {
      copyFromTeamId: first.teams[0].id,
    })
    expect(copied.status).toBe(201)
    expect(copied.body.team).toMatchObject({ id: first.teams[0].id, playersCount: 3 })
    const again = await staffClient.post(`/api/seasonsv2/${second.season.id}/leagues/${second.league.id}/teams`, {
      copyFromTeamId: first.teams[0].id,
    })
    expect(again.status).toBe(409)
  })

  it('edits name, captain and logo; refuses a captain who is not on the team and a non-image logo', async () => {
    const { org, ownerClient } = await createTenant()
    const { season, league, teams } = await buildSeason(ownerClient, org.id, { teamCount: 2, playersPerTeam: 1 })
    const path = `/api/seasonsv2/${season.id}/leagues/${league.id}/teams/${teams[0].id}`
    const ok = await ownerClient.putForm(path, form({ name: 'Renamed', captainId: String(teams[0].players[0].id) }, PNG))
    expect(ok.status).toBe(200)
    expect(ok.body.team).toMatchObject({ name: 'Renamed', captain_id: teams[0].players[0].id })
    expect(ok.body.team.logo).toMatch(/^\/media\/org\/\d+\/team-/)
    const wrongCaptain = await ownerClient.putForm(path, form({ captainId: String(teams[1].players[0].id) }))
    expect(wrongCaptain.status).toBe(400)
    const badLogo = await ownerClient.putForm(path, form({}, new TextEncoder().encode('not an image')))
    expect(badLogo.status).toBe(415)
  })

  it('refuses removing a team with played games and removes one without, with its roster', async () => {
    const { org, staffClient } = await createTenant()
    const { season, league, teams } = await buildSeason(staffClient, org.id, { teamCount: 3, playersPerTeam: 1 })
    await insertGame(org.id, season.id, league.id, teams[0].id, teams[1].id, [40, 41])
    const refused = await staffClient.delete(`/api/seasonsv2/${season.id}/leagues/${league.id}/teams/${teams[0].id}`)
    expect(refused.status).toBe(409)
    expect(refused.body.message).toContain('1 played game')
    const bulk = await staffClient.post(`/api/seasonsv2/${season.id}/leagues/${league.id}/teams/delete`, { ids: [teams[2].id] })
    expect(bulk.status).toBe(204)
    expect(await count('rosters', 'team_id = ?', teams[2].id)).toBe(0)
  })

  it('adds players to a roster: existing (once), new with a photo, and removes them', async () => {
    const { org, staffClient } = await createTenant()
    const { season, league, teams } = await buildSeason(staffClient, org.id, { teamCount: 2, playersPerTeam: 1 })
    const base = `/api/seasonsv2/${season.id}/leagues/${league.id}/teams/${teams[1].id}/players`
    const existing = await staffClient.post(base, { player_id: teams[0].players[0].id })
    expect(existing.status).toBe(201)
    const duplicate = await staffClient.post(base, { player_id: teams[0].players[0].id })
    expect(duplicate.status).toBe(409)
    expect(duplicate.body.message).toBe('Player already on this team')
    const created = await staffClient.postForm(base, form({ firstName: 'Ada', lastName: 'Lovelace' }, PNG, 'image'))
    expect(created.status).toBe(201)
    expect(created.body.player.image).toMatch(/^\/media\/org\/\d+\/player-/)
    const invalid = await staffClient.postForm(base, form({ firstName: 'Ada' }))
    expect(invalid.status).toBe(400)
    expect(invalid.body.fields.lastName).toBe('Last name is required')
    const roster = (await staffClient.get(base)).body.players
    expect(roster).toHaveLength(3)
    expect((await staffClient.delete(`${base}/${created.body.player.id}`)).status).toBe(204)
    expect((await staffClient.get(base)).body.players).toHaveLength(2)
  })

  it("refuses another organization's team, roster and player ids in paths and bodies", async () => {
    const victim = await createTenant()
    const v = await buildSeason(victim.staffClient, victim.org.id, { teamCount: 1, playersPerTeam: 1 })
    const attacker = await createTenant()
    const a = await buildSeason(attacker.staffClient, attacker.org.id, { teamCount: 1 })
    const client = attacker.ownerClient
    const victimTeamPath = `/api/seasonsv2/${v.season.id}/leagues/${v.league.id}/teams/${v.teams[0].id}`
    expect((await client.get(victimTeamPath)).status).toBe(404)
    expect((await client.putForm(victimTeamPath, form({ name: 'Pwned' }))).status).toBe(404)
    expect((await client.delete(victimTeamPath)).status).toBe(404)
    expect((await client.post(`${victimTeamPath}/players`, { player_id: a.teams[0].id })).status).toBe(404)
    // A player of organization B named in a roster call of organization A.
    const nested = await client.post(`/api/seasonsv2/${a.season.id}/leagues/${a.league.id}/teams/${a.teams[0].id}/players`, {
      player_id: v.teams[0].players[0].id,
    })
    expect(nested.status).toBe(404)
    expect(
      (await client.post(`/api/seasonsv2/${a.season.id}/leagues/${a.league.id}/teams`, { copyFromTeamId: v.teams[0].id })).status,
    ).toBe(404)
    expect((await client.put(`/api/teams/${v.teams[0].id}`, { name: 'Pwned' })).status).toBe(404)
    expect((await client.delete(`/api/teams/${v.teams[0].id}`)).status).toBe(404)
    expect((await client.get(`/api/teamsv2/${v.teams[0].id}`)).status).toBe(404)
    expect((await client.get(`/api/playersv2/${v.teams[0].players[0].id}`)).status).toBe(404)
    expect((await client.put(`/api/playersv2/${v.teams[0].players[0].id}`, { firstName: 'Pwned' })).status).toBe(404)
    expect((await client.post('/api/playersv2/delete', { ids: [v.teams[0].players[0].id] })).status).toBe(404)
    const row = await env.DB.prepare('SELECT name FROM teams WHERE id = ?').bind(v.teams[0].id).first<{ name: string }>()
    expect(row?.name).toBe(v.teams[0].name)
    expect(await count('players', 'id = ?', v.teams[0].players[0].id)).toBe(1)
  })
})

describe('global team list', () => {
  it('creates, edits, sets unavailable slots, lists and deletes teams', async () => {
    const { org, staffClient } = await createTenant()
    const { league } = await buildSeason(staffClient, org.id)
    const created = await staffClient.post('/api/teams', { name: 'Free Agents', leagueId: league.id })
    expect(created.status).toBe(201)
    expect(created.body.team).toMatchObject({ name: 'Free Agents', leagueName: league.name, playersCount: 0 })
    const edited = await staffClient.put(`/api/teams/${created.body.team.id}`, { unavailableSlots: '19:00, 18:00' })
    expect(edited.body.team.unavailableSlots).toEqual(['18:00', '19:00'])
    const bad = await staffClient.put(`/api/teams/${created.body.team.id}`, { unavailableSlots: '7pm' })
    expect(bad.status).toBe(400)
    const byLeague = await staffClient.get(`/api/teams/teamsByLeague?leagueId=${league.id}`)
    expect(byLeague.body.teams.map((t: any) => t.id)).toContain(created.body.team.id)
    expect((await staffClient.delete(`/api/teams/${created.body.team.id}`)).status).toBe(204)
    expect((await staffClient.post('/api/teams', { name: '' })).body.fields.name).toBe('Team name is required')
  })
})

describe('players', () => {
  it('lists players by full name for staff and only rostered players for visitors', async () => {
    const { org, staffClient } = await createTenant()
    await buildSeason(staffClient, org.id, { teamCount: 1, playersPerTeam: 2 })
    const loose = await staffClient.post('/api/playersv2', { firstName: 'Zed', lastName: 'Loose' })
    expect(loose.status).toBe(201)
    const staffList = (await staffClient.get('/api/playersv2')).body.players
    expect(staffList).toHaveLength(3)
    const names = staffList.map((p: any) => `${p.firstName} ${p.lastName}`)
    expect(names).toEqual([...names].sort((x: string, y: string) => x.localeCompare(y)))
    const publicList = (await new Client().get(`/api/playersv2?slug=${org.slug}`)).body.players
    expect(publicList).toHaveLength(2)
    expect(publicList[0].rosters[0]).toMatchObject({
      active: true,
      team: { id: expect.any(Number) },
      league: { id: expect.any(Number) },
    })
    const search = (await staffClient.get('/api/playersv2?search=zed&limit=10')).body.players
    expect(search.map((p: any) => p.id)).toEqual([loose.body.player.id])
  })

  it('sets attribute values by type and shows visitors only visible attributes', async () => {
    const { org, staffClient } = await createTenant()
    const { teams } = await buildSeason(staffClient, org.id, { teamCount: 1, playersPerTeam: 1 })
    const player = teams[0].players[0]
    const number = (await staffClient.post('/api/playerAttributes', { name: unique('Number'), type: 'number' })).body.attribute
    const secret = (await staffClient.post('/api/playerAttributes', { name: unique('Secret'), type: 'string' })).body.attribute
    await staffClient.put(`/api/playerAttributes/${secret.id}/toggleAttributeVisibility`, { is_visible: false })
    const bad = await staffClient.put(`/api/playersv2/${player.id}`, { attributes: { [number.id]: 'twelve' } })
    expect(bad.status).toBe(400)
    const ok = await staffClient.put(`/api/playersv2/${player.id}`, { attributes: { [number.id]: '12', [secret.id]: 'hidden' } })
    expect(ok.status).toBe(200)
    const staffView = ok.body.player.attributeValues.map((v: any) => [v.attribute.attribute_name, v.value])
    expect(staffView).toEqual(
      expect.arrayContaining([
        [number.attribute_name, '12'],
        [secret.attribute_name, 'hidden'],
      ]),
    )
    const publicView = (await new Client().get(`/api/playersv2/${player.id}?slug=${org.slug}`)).body.player
    expect(publicView.attributeValues.map((v: any) => v.attribute.attribute_name)).toEqual([number.attribute_name])
    expect(publicView.teamHistory[0].season.active).toBe(true)
  })

  it('refuses deleting a player with recorded stats and deletes others', async () => {
    const { org, staffClient } = await createTenant()
    const { season, league, teams } = await buildSeason(staffClient, org.id, { teamCount: 2, playersPerTeam: 1 })
    const game = await insertGame(org.id, season.id, league.id, teams[0].id, teams[1].id, [2, 0])
    const stat = await env.DB.prepare(
      "INSERT INTO stat_definitions (organization_id, sport_id, name, abbreviation) VALUES (?, (SELECT id FROM sports WHERE type = 'basketball'), 'Points', 'PTS') RETURNING id",
    )
      .bind(org.id)
      .first<{ id: number }>()
    await env.DB.prepare(
      'INSERT INTO player_game_stats (organization_id, game_id, player_id, team_id, stat_id, value) VALUES (?, ?, ?, ?, ?, 2)',
    )
      .bind(org.id, game.id, teams[0].players[0].id, teams[0].id, stat?.id)
      .run()
    const refused = await staffClient.post('/api/playersv2/delete', { ids: [teams[0].players[0].id, teams[1].players[0].id] })
    expect(refused.status).toBe(409)
    expect(await count('players', 'id IN (?, ?)', teams[0].players[0].id, teams[1].players[0].id)).toBe(2)
    expect((await staffClient.delete(`/api/playersv2/${teams[1].players[0].id}`)).status).toBe(204)
  })
})

describe('public team page and standings', () => {
  it('serves the team with roster and games, and the season standings with divisions', async () => {
    const { org, staffClient } = await createTenant()
    const { season, league, teams } = await buildSeason(staffClient, org.id, { teamCount: 2, playersPerTeam: 2 })
    await insertGame(org.id, season.id, league.id, teams[0].id, teams[1].id, [61, 59], 'completed', '2025-10-02')
    await insertGame(org.id, season.id, league.id, teams[1].id, teams[0].id, [0, 0], 'scheduled', '2025-09-25')
    const visitor = new Client()
    const team = (await visitor.get(`/api/teamsv2/${teams[0].id}?slug=${org.slug}`)).body.team
    expect(team.players).toHaveLength(2)
    expect(team.games.map((g: any) => g.date)).toEqual(['2025-09-25', '2025-10-02'])
    expect(team.league).toEqual({ id: league.id, name: league.name })
    const table = (await visitor.get(`/api/seasonsv2/${season.id}/leagues-with-teams-public?slug=${org.slug}`)).body
    expect(table.leagues[0].teams.map((t: any) => [t.id, t.wins, t.losses])).toEqual([
      [teams[0].id, 1, 0],
      [teams[1].id, 0, 1],
    ])
    const leagues = (await visitor.get(`/api/leaguesv2?slug=${org.slug}`)).body.leagues
    expect(leagues[0]).toMatchObject({ id: league.id, season: { id: season.id } })
    expect((await visitor.get(`/api/teamsv2/${teams[0].id}`)).status).toBe(404)
  })
})

function form(fields: Record<string, string>, file?: Uint8Array, field = 'logo') {
  const data = new FormData()
  for (const [k, v] of Object.entries(fields)) data.append(k, v)
  if (file) data.append(field, new File([file as Uint8Array<ArrayBuffer>], 'upload.png', { type: 'image/png' }))
  return data
}
