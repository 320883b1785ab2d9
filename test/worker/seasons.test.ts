import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { Client } from '../helpers/client'
import { buildSeason, createSuperAdmin, createTenant, giveBasketball, insertGame, unique } from '../helpers/factories'

const count = async (table: string, where: string, ...binds: unknown[]) =>
  (
    await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE ${where}`)
      .bind(...binds)
      .first<{ n: number }>()
  )?.n

describe('seasons', () => {
  it('creates, lists, edits and deletes a season of the own organization', async () => {
    const { org, staffClient } = await createTenant()
    await giveBasketball(org.id)
    const created = await staffClient.post('/api/seasonsv2', {
      name: 'Fall 2025',
      startDate: '2025-09-01',
      finishDate: '2025-12-01',
      active: true,
    })
    expect(created.status).toBe(201)
    expect(created.body.season).toMatchObject({
      name: 'Fall 2025',
      active: true,
      startDate: '2025-09-01',
      sportsv2: { type: 'basketball' },
    })
    const list = await staffClient.get('/api/seasonsv2')
    expect(list.body.seasons.map((s: { name: string }) => s.name)).toEqual(['Fall 2025'])
    const edited = await staffClient.put(`/api/seasonsv2/${created.body.season.id}`, { name: 'Fall 2025 (Main)' })
    expect(edited.body.season.name).toBe('Fall 2025 (Main)')
    expect((await staffClient.delete(`/api/seasonsv2/${created.body.season.id}`)).status).toBe(204)
    expect((await staffClient.get('/api/seasonsv2')).body.seasons).toEqual([])
  })

  it('keeps one active season per sport: ticking Active clears the others', async () => {
    const { org, ownerClient } = await createTenant()
    await giveBasketball(org.id)
    const a = (await ownerClient.post('/api/seasonsv2', { name: 'A', active: true })).body.season
    const b = (await ownerClient.post('/api/seasonsv2', { name: 'B', active: true })).body.season
    const list = (await ownerClient.get('/api/seasonsv2')).body.seasons
    expect(list.find((s: { id: number }) => s.id === a.id).active).toBe(false)
    expect(list.find((s: { id: number }) => s.id === b.id).active).toBe(true)
  })

  it('validates a season: name required, real dates, finish after start, a sport', async () => {
    const { org, ownerClient } = await createTenant()
    const noSport = await ownerClient.post('/api/seasonsv2', { name: 'X' })
    expect(noSport.status).toBe(400)
    expect(noSport.body.message).toBe('No sport assigned to this user')
    await giveBasketball(org.id)
    const blank = await ownerClient.post('/api/seasonsv2', { name: '  ' })
    expect(blank.body.fields.name).toBe('Season name is required')
    const badDate = await ownerClient.post('/api/seasonsv2', { name: 'X', startDate: '2025-13-45' })
    expect(badDate.body.fields.startDate).toBeDefined()
    const backwards = await ownerClient.post('/api/seasonsv2', { name: 'X', startDate: '2025-10-01', finishDate: '2025-09-01' })
    expect(backwards.body.fields.finishDate).toBe('Finish must not be before start')
  })

  it('shows a super admin every organization’s seasons with organization and sport', async () => {
    const { org, ownerClient } = await createTenant()
    await giveBasketball(org.id)
    await ownerClient.post('/api/seasonsv2', { name: unique('Visible') })
    const { client } = await createSuperAdmin()
    const seasons = (await client.get('/api/seasonsv2')).body.seasons
    const mine = seasons.find((s: { organization_id: number }) => s.organization_id === org.id)
    expect(mine.organization.name).toBe(org.name)
  })

  it('refuses to delete a season with played games, naming them, and deletes one without', async () => {
    const { org, ownerClient } = await createTenant()
    const { season, league, teams } = await buildSeason(ownerClient, org.id, { teamCount: 2 })
    await insertGame(org.id, season.id, league.id, teams[0].id, teams[1].id, [50, 40])
    const refused = await ownerClient.delete(`/api/seasonsv2/${season.id}`)
    expect(refused.status).toBe(409)
    expect(refused.body.message).toContain('1 played game')
    expect(await count('seasons', 'id = ?', season.id)).toBe(1)
    const empty = await buildSeason(ownerClient, org.id, { teamCount: 2 })
    await insertGame(org.id, empty.season.id, empty.league.id, empty.teams[0].id, empty.teams[1].id, [0, 0], 'scheduled')
    expect((await ownerClient.post('/api/seasonsv2/delete', { ids: [empty.season.id] })).status).toBe(204)
    expect(await count('games', 'season_id = ?', empty.season.id)).toBe(0)
  })

  it('counts a 0–0 scheduled game with box-score rows as played', async () => {
    const { org, ownerClient } = await createTenant()
    const { season, league, teams } = await buildSeason(ownerClient, org.id, { teamCount: 2, playersPerTeam: 1 })
    const game = await insertGame(org.id, season.id, league.id, teams[0].id, teams[1].id, [0, 0], 'scheduled')
    const stat = await env.DB.prepare(
      "INSERT INTO stat_definitions (organization_id, sport_id, name, abbreviation) VALUES (?, (SELECT id FROM sports WHERE type = 'basketball'), 'Points', 'PTS') RETURNING id",
    )
      .bind(org.id)
      .first<{ id: number }>()
    await env.DB.prepare(
      'INSERT INTO player_game_stats (organization_id, game_id, player_id, team_id, stat_id, value) VALUES (?, ?, ?, ?, ?, 0)',
    )
      .bind(org.id, game.id, teams[0].players[0].id, teams[0].id, stat?.id)
      .run()
    const refused = await ownerClient.delete(`/api/seasonsv2/${season.id}`)
    expect(refused.status).toBe(409)
    expect(await count('player_game_stats', 'game_id = ?', game.id)).toBe(1)
  })

  it('bulk-deletes atomically: one blocked season keeps them all', async () => {
    const { org, ownerClient } = await createTenant()
    const played = await buildSeason(ownerClient, org.id, { teamCount: 2 })
    await insertGame(org.id, played.season.id, played.league.id, played.teams[0].id, played.teams[1].id, [60, 61])
    const free = await buildSeason(ownerClient, org.id)
    const res = await ownerClient.post('/api/seasonsv2/delete', { ids: [free.season.id, played.season.id] })
    expect(res.status).toBe(409)
    expect(await count('seasons', 'id IN (?, ?)', free.season.id, played.season.id)).toBe(2)
  })

  it("refuses another organization's staff and owner: 404 and nothing changed", async () => {
    const victim = await createTenant()
    const { season } = await buildSeason(victim.ownerClient, victim.org.id)
    const attacker = await createTenant()
    await giveBasketball(attacker.org.id)
    for (const client of [attacker.ownerClient, attacker.staffClient]) {
      expect((await client.get(`/api/seasonsv2/${season.id}`)).status).toBe(404)
      expect((await client.put(`/api/seasonsv2/${season.id}`, { name: 'Pwned' })).status).toBe(404)
      expect((await client.delete(`/api/seasonsv2/${season.id}`)).status).toBe(404)
      expect((await client.post('/api/seasonsv2/delete', { ids: [season.id] })).status).toBe(404)
      expect((await client.post(`/api/seasonsv2/${season.id}/leagues`, { name: 'Sneaky' })).status).toBe(404)
      expect((await client.post(`/api/seasonsv2/${season.id}/divisions`, { name: 'Sneaky' })).status).toBe(404)
      const list = (await client.get('/api/seasonsv2')).body.seasons
      expect(list.some((s: { id: number }) => s.id === season.id)).toBe(false)
    }
    expect((await victim.ownerClient.get(`/api/seasonsv2/${season.id}`)).body.season.name).toBe(season.name)
  })

  it('refuses anonymous writes and answers anonymous reads only with a tenant named', async () => {
    const { org, ownerClient } = await createTenant()
    const { season } = await buildSeason(ownerClient, org.id)
    const anonymous = new Client()
    expect((await anonymous.post('/api/seasonsv2', { name: 'X' })).status).toBe(401)
    expect((await anonymous.get('/api/seasonsv2')).status).toBe(404)
    const publicList = await anonymous.get(`/api/seasonsv2?slug=${org.slug}`)
    expect(publicList.body.seasons.map((s: { id: number }) => s.id)).toEqual([season.id])
  })
})

describe('leagues of a season', () => {
  it('adds, renames, reorders and deletes leagues', async () => {
    const { org, staffClient } = await createTenant()
    const { season, league } = await buildSeason(staffClient, org.id)
    const second = (
      await staffClient.post(`/api/seasonsv2/${season.id}/leagues`, { name: 'Tustin Columbus Wednesday', season_id: season.id })
    ).body.league
    expect(second).toMatchObject({ name: 'Tustin Columbus Wednesday', teamsCount: 0 })
    const order = await staffClient.put(`/api/seasonsv2/${season.id}/leagues/order`, {
      orderedLeagues: [
        { id: second.id, position: 1 },
        { id: league.id, position: 2 },
      ],
    })
    expect(order.body.leagues.map((l: { id: number }) => l.id)).toEqual([second.id, league.id])
    const renamed = await staffClient.put(`/api/seasonsv2/${season.id}/leagues/${second.id}`, { name: 'Renamed' })
    expect(renamed.body.league.name).toBe('Renamed')
    expect((await staffClient.delete(`/api/seasonsv2/${season.id}/leagues/${second.id}`)).status).toBe(204)
    expect((await staffClient.get(`/api/seasonsv2/${season.id}/leagues`)).body.leagues.map((l: { id: number }) => l.id)).toEqual([
      league.id,
    ])
  })

  it('requires a league name', async () => {
    const { org, staffClient } = await createTenant()
    const { season } = await buildSeason(staffClient, org.id)
    const res = await staffClient.post(`/api/seasonsv2/${season.id}/leagues`, { name: ' ' })
    expect(res.status).toBe(400)
    expect(res.body.fields.name).toBe('League name is required')
  })

  it('copies a league from another season with its teams and rosters', async () => {
    const { org, ownerClient } = await createTenant()
    const old = await buildSeason(ownerClient, org.id, { teamCount: 2, playersPerTeam: 3 })
    const next = (await ownerClient.post('/api/seasonsv2', { name: unique('Next') })).body.season
    const copied = await ownerClient.post(`/api/seasonsv2/${next.id}/leagues`, {
      season_id: next.id,
      copyFromSeasonId: old.season.id,
      copyFromLeagueId: old.league.id,
    })
    expect(copied.status).toBe(201)
    expect(copied.body.league).toMatchObject({ id: old.league.id, teamsCount: 2 })
    const teams = (await ownerClient.get(`/api/seasonsv2/${next.id}/leagues/${old.league.id}/teams`)).body.teams
    expect(teams.map((t: { playersCount: number }) => t.playersCount)).toEqual([3, 3])
  })

  it('refuses a reorder naming a league outside the season, changing nothing', async () => {
    const { org, staffClient } = await createTenant()
    const { season, league } = await buildSeason(staffClient, org.id)
    const other = await buildSeason(staffClient, org.id)
    const res = await staffClient.put(`/api/seasonsv2/${season.id}/leagues/order`, {
      orderedLeagues: [
        { id: league.id, position: 5 },
        { id: other.league.id, position: 1 },
      ],
    })
    expect(res.status).toBe(404)
    expect((await staffClient.get(`/api/seasonsv2/${season.id}/leagues`)).body.leagues[0].position).not.toBe(5)
  })

  it('refuses deleting a league with played games', async () => {
    const { org, staffClient } = await createTenant()
    const { season, league, teams } = await buildSeason(staffClient, org.id, { teamCount: 2 })
    await insertGame(org.id, season.id, league.id, teams[0].id, teams[1].id, [33, 30])
    const res = await staffClient.delete(`/api/seasonsv2/${season.id}/leagues/${league.id}`)
    expect(res.status).toBe(409)
    expect(res.body.message).toContain(league.name)
  })
})

describe('divisions', () => {
  it('assigns teams (duplicates ignored), removes, reorders, and returns teams on delete', async () => {
    const { org, staffClient } = await createTenant()
    const { season, league, teams } = await buildSeason(staffClient, org.id, { teamCount: 3 })
    const blank = await staffClient.post(`/api/seasonsv2/${season.id}/divisions`, { name: '   ' })
    expect(blank.status).toBe(400)
    const gold = (await staffClient.post(`/api/seasonsv2/${season.id}/divisions`, { name: 'Gold' })).body.division
    const slts = (await staffClient.get(`/api/seasonsv2/${season.id}/leagues/${league.id}/teams`)).body.teams.map(
      (t: { slt_id: number }) => t.slt_id,
    )
    await staffClient.post(`/api/divisions/${gold.id}/teams`, { seasons_leagues_teams_id: slts[0] })
    await staffClient.post(`/api/divisions/${gold.id}/teams`, { seasons_leagues_teams_id: slts[1] })
    await staffClient.post(`/api/divisions/${gold.id}/teams`, { seasons_leagues_teams_id: slts[1] })
    let view = (await staffClient.get(`/api/seasonsv2/${season.id}/divisions`)).body
    expect(view.divisions[0].teams.map((t: { slt_id: number }) => t.slt_id)).toEqual([slts[0], slts[1]])
    expect(view.unassigned.map((t: { slt_id: number }) => t.slt_id)).toEqual([slts[2]])
    await staffClient.put(`/api/divisions/${gold.id}/teams/order`, {
      orderedTeams: [
        { slt_id: slts[1], position: 1 },
        { slt_id: slts[0], position: 2 },
      ],
    })
    view = (await staffClient.get(`/api/seasonsv2/${season.id}/divisions`)).body
    expect(view.divisions[0].teams.map((t: { slt_id: number }) => t.slt_id)).toEqual([slts[1], slts[0]])
    expect((await staffClient.delete(`/api/divisions/${gold.id}/teams/${slts[1]}`)).status).toBe(204)
    view = (await staffClient.get(`/api/seasonsv2/${season.id}/divisions`)).body
    expect(view.unassigned).toHaveLength(2)
    expect((await staffClient.delete(`/api/divisions/${gold.id}`)).status).toBe(204)
    view = (await staffClient.get(`/api/seasonsv2/${season.id}/divisions`)).body
    expect(view.divisions).toEqual([])
    expect(view.unassigned).toHaveLength(3)
    void teams
  })

  it("refuses a team of another season or organization and another organization's division", async () => {
    const mine = await createTenant()
    const a = await buildSeason(mine.staffClient, mine.org.id, { teamCount: 1 })
    const b = await buildSeason(mine.staffClient, mine.org.id, { teamCount: 1 })
    const division = (await mine.staffClient.post(`/api/seasonsv2/${a.season.id}/divisions`, { name: 'D1' })).body.division
    const otherSeasonSlt = (await mine.staffClient.get(`/api/seasonsv2/${b.season.id}/leagues/${b.league.id}/teams`)).body
      .teams[0].slt_id
    expect(
      (await mine.staffClient.post(`/api/divisions/${division.id}/teams`, { seasons_leagues_teams_id: otherSeasonSlt })).status,
    ).toBe(404)
    const theirs = await createTenant()
    expect((await theirs.ownerClient.delete(`/api/divisions/${division.id}`)).status).toBe(404)
    expect(
      (await theirs.ownerClient.post(`/api/divisions/${division.id}/teams`, { seasons_leagues_teams_id: otherSeasonSlt })).status,
    ).toBe(404)
    expect((await mine.staffClient.get(`/api/seasonsv2/${a.season.id}/divisions`)).body.divisions).toHaveLength(1)
  })
})
