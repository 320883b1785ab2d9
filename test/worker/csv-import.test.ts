import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { parseDelimited } from '../../worker/domain/csv'
import { Client, workerFetch } from '../helpers/client'
import { buildSeason, createTenant, unique, withBasketballDefaults } from '../helpers/factories'
import { interleavedEnv } from '../helpers/interleave'

// Spreadsheet import and CSV export of a league (docs/csv-import-export.md), against real D1.

const base = (seasonId: number, leagueId: number) => `/api/csv/seasons/${seasonId}/leagues/${leagueId}`

/** What an organization holds, to prove a refused or previewed import wrote nothing. */
async function holdings(orgId: number) {
  const n = async (sql: string) => (await env.DB.prepare(sql).bind(orgId).first<{ n: number }>())?.n ?? 0
  return {
    players: await n('SELECT COUNT(*) AS n FROM players WHERE organization_id = ?'),
    teams: await n('SELECT COUNT(*) AS n FROM teams WHERE organization_id = ?'),
    places: await n('SELECT COUNT(*) AS n FROM seasons_leagues_teams WHERE organization_id = ?'),
    rosters: await n('SELECT COUNT(*) AS n FROM rosters WHERE organization_id = ?'),
    divisions: await n('SELECT COUNT(*) AS n FROM divisions WHERE organization_id = ?'),
    games: await n('SELECT COUNT(*) AS n FROM games WHERE organization_id = ?'),
    captains: await n('SELECT COUNT(*) AS n FROM teams WHERE organization_id = ? AND captain_id IS NOT NULL'),
  }
}

const tsv = (rows: string[][]) => rows.map((r) => r.join('\t')).join('\n')

function onBindings(client: Client, bindings: Cloudflare.Env) {
  const copy = new Client(client.origin)
  for (const [k, v] of client.cookies) copy.cookies.set(k, v)
  copy.bindings = bindings
  return copy
}

async function league(client: Client, orgId: number, teamCount = 2, playersPerTeam = 2) {
  await withBasketballDefaults(orgId)
  return buildSeason(client, orgId, { teamCount, playersPerTeam })
}

describe('roster import preview', () => {
  it('marks each row new, match (with candidates and the default choice) or error, and writes nothing', async () => {
    const { org, staffClient } = await createTenant()
    const { season, league: l, teams } = await league(staffClient, org.id)
    const onTeam = teams[0].players[0]
    const elsewhere = teams[1].players[0]
    const before = await holdings(org.id)
    const text = tsv([
      ['Team', 'First name', 'Last name', 'Captain'],
      ['Comets', 'Ada', 'Newcomer', 'yes'],
      [teams[0].name.toUpperCase(), onTeam.firstName.toLowerCase(), onTeam.lastName.toUpperCase(), ''],
      ['Comets', elsewhere.firstName, elsewhere.lastName, ''],
      ['Comets', 'Solo', '', ''],
      ['Comets', 'Bea', 'Second', 'yes'],
      ['', '', '', ''],
      ['Meteors', '', '', ''],
    ])
    const res = await staffClient.post(`${base(season.id, l.id)}/import/preview`, { kind: 'rosters', text })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const rows = res.body.rows
    expect(rows.map((r: any) => [r.row, r.status])).toEqual([
      [2, 'new'],
      [3, 'match'],
      [4, 'match'],
      [5, 'error'],
      [6, 'error'],
      [8, 'new'],
    ])
    expect(rows[0]).toMatchObject({ team: 'Comets', teamStatus: 'new', captain: true, candidates: [] })
    expect(rows[1]).toMatchObject({
      team: teams[0].name,
      teamStatus: 'inLeague',
      onRoster: true,
      choice: 'existing',
      playerId: onTeam.id,
      message: 'Already on this team',
    })
    expect(rows[2].candidates).toEqual([
      { id: elsewhere.id, firstName: elsewhere.firstName, lastName: elsewhere.lastName, team: teams[1].name },
    ])
    expect(rows[2]).toMatchObject({ choice: 'existing', playerId: elsewhere.id, onRoster: false })
    expect(rows[3].message).toBe('Last name is required')
    expect(rows[4].message).toBe('Comets already has its captain on row 2')
    expect(res.body.canCommit).toBe(false)
    expect(res.body.summary).toMatchObject({ rows: 6, errors: 2 })
    expect(res.body.token).toMatch(/^[0-9a-f]{40}$/)
    expect(await holdings(org.id)).toEqual(before)
  })

  it('answers 400 with a clear message for text that is not a table it can read', async () => {
    const { org, staffClient } = await createTenant()
    const { season, league: l } = await league(staffClient, org.id)
    const path = `${base(season.id, l.id)}/import/preview`
    const cases: [unknown, RegExp][] = [
      [{ kind: 'rosters', text: 'First name,Last name\nA,B' }, /must name the columns: Team/],
      [{ kind: 'rosters', text: 'Team,First name\nA,B' }, /both a First name and a Last name/],
      [{ kind: 'rosters', text: 'Team,First name,Last name\n"Open,Ann,Lee' }, /never closed/],
      [{ kind: 'rosters', text: 'Team,First name,Last name\n' }, /no rows under the header/],
      [{ kind: 'rosters', text: 'Team,Team,Last name,First name\nA,A,B,C' }, /appears twice/],
      [{ kind: 'rosters', text: `Team,First name,Last name\n${'T,A,B\n'.repeat(2001)}` }, /At most 2000 rows/],
      [{ kind: 'games', text: 'Home,Away\nA,B' }, /Date, Time, Home, Away/],
      [{ kind: 'teams', text: 'Team\nA' }, /rosters or games/],
      [{ kind: 'rosters' }, /Paste the rows/],
    ]
    for (const [body, message] of cases) {
      const res = await staffClient.post(path, body)
      expect(res.status, JSON.stringify(res.body)).toBe(400)
      expect(res.body.message).toMatch(message)
    }
  })
})

describe('roster import commit', () => {
  it('writes every row in one batch: new and returning teams, divisions, new and existing players, captains', async () => {
    const { org, staff, staffClient } = await createTenant()
    const { season, league: l, teams } = await league(staffClient, org.id)
    const elsewhere = teams[1].players[0]
    const namesake = teams[1].players[1]
    const text = [
      'Team,Division,First name,Last name,Captain',
      'Comets,North,Ada,Newcomer,yes',
      `Comets,,${elsewhere.firstName},${elsewhere.lastName},`,
      `Comets,,${namesake.firstName},${namesake.lastName},`,
      `${teams[0].name},South,Cy,Newcomer,`,
      'Meteors,north,,,',
    ].join('\r\n')
    const path = base(season.id, l.id)
    const preview = await staffClient.post(`${path}/import/preview`, { kind: 'rosters', text })
    expect(preview.body.canCommit).toBe(true)
    const namesakeRow = preview.body.rows.find((r: any) => r.lastName === namesake.lastName).row
    const before = await holdings(org.id)
    const auditBefore = (await env.DB.prepare('SELECT COALESCE(MAX(id), 0) AS n FROM audit_log').first<{ n: number }>())?.n
    const res = await staffClient.post(`${path}/import/commit`, {
      kind: 'rosters',
      text,
      token: preview.body.token,
      choices: { [namesakeRow]: 'new' },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.summary).toMatchObject({ newTeams: 2, newPlayers: 3, existingPlayers: 1, errors: 0 })
    expect(await holdings(org.id)).toEqual({
      ...before,
      players: before.players + 3,
      teams: before.teams + 2,
      places: before.places + 2,
      rosters: before.rosters + 4,
      divisions: before.divisions + 2,
      captains: before.captains + 1,
    })
    // Written through the audit wrapper: the trail names the staff member for every new row.
    const audited = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM audit_log WHERE id > ? AND organization_id = ? AND table_name = 'players' AND action = 'insert' AND username = ?",
    )
      .bind(auditBefore, org.id, staff.username)
      .first<{ n: number }>()
    expect(audited?.n).toBe(3)
    const listed = (await staffClient.get(`/api/seasonsv2/${season.id}/leagues/${l.id}/teams`)).body.teams
    const comets = listed.find((t: any) => t.name === 'Comets')
    expect(comets).toMatchObject({ playersCount: 3, captain: 'Ada Newcomer' })
    const roster = (await staffClient.get(`/api/seasonsv2/${season.id}/leagues/${l.id}/teams/${comets.id}/players`)).body.players
    // The existing player came along (same id); the namesake chosen "new" is a second person.
    expect(roster.map((p: any) => p.id)).toContain(elsewhere.id)
    expect(roster.map((p: any) => p.id)).not.toContain(namesake.id)
    expect(roster.filter((p: any) => p.lastName === namesake.lastName)).toHaveLength(1)
    const divisions = (await staffClient.get(`/api/seasonsv2/${season.id}/divisions`)).body.divisions
    expect(divisions.map((d: any) => [d.name, d.teams.map((t: any) => t.name).sort()])).toEqual([
      ['North', ['Comets', 'Meteors']],
      ['South', [teams[0].name]],
    ])
    // The same paste again changes nothing: every row is already there.
    const again = await staffClient.post(`${path}/import/preview`, { kind: 'rosters', text })
    expect(again.body.rows.every((r: any) => r.status === 'match')).toBe(true)
  })

  it("brings back a team of the league's past seasons as the same team, its history kept", async () => {
    const { org, staffClient } = await createTenant()
    const { season, league: l, teams } = await league(staffClient, org.id, 2, 1)
    const next = (await staffClient.post('/api/seasonsv2', { name: unique('Next'), startDate: '2026-09-01' })).body.season
    // The league goes on into next season (copied with its teams); one team sits that season out.
    const copied = await staffClient.post(`/api/seasonsv2/${next.id}/leagues`, {
      copyFromSeasonId: season.id,
      copyFromLeagueId: l.id,
    })
    expect(copied.status).toBe(201)
    expect((await staffClient.delete(`/api/seasonsv2/${next.id}/leagues/${l.id}/teams/${teams[1].id}`)).status).toBe(204)
    const text = `Team,First name,Last name\n${teams[1].name.toLowerCase()},New,Recruit`
    const preview = await staffClient.post(`${base(next.id, l.id)}/import/preview`, { kind: 'rosters', text })
    expect(preview.body.rows[0]).toMatchObject({ status: 'new', teamStatus: 'existing', team: teams[1].name })
    const before = await holdings(org.id)
    const res = await staffClient.post(`${base(next.id, l.id)}/import/commit`, {
      kind: 'rosters',
      text,
      token: preview.body.token,
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(await holdings(org.id)).toMatchObject({ teams: before.teams, places: before.places + 1, players: before.players + 1 })
    const back = (await staffClient.get(`/api/seasonsv2/${next.id}/leagues/${l.id}/teams`)).body.teams
    expect(back.find((t: any) => t.id === teams[1].id)).toMatchObject({ name: teams[1].name, playersCount: 1 })
  })

  it('refuses the whole commit with 400 when any row is in error, writing nothing', async () => {
    const { org, staffClient } = await createTenant()
    const { season, league: l } = await league(staffClient, org.id)
    const before = await holdings(org.id)
    const text = 'Team,First name,Last name\nComets,Ada,Lovelace\nComets,Grace,\nMeteors,Alan,Turing'
    const res = await staffClient.post(`${base(season.id, l.id)}/import/commit`, { kind: 'rosters', text })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('1 row has errors, so nothing was imported. Row 3: Last name is required')
    expect(res.body.rows).toEqual([{ row: 3, message: 'Last name is required' }])
    expect(await holdings(org.id)).toEqual(before)
    // A choice that is not one of the row's matching players is an error too.
    const existing = (await env.DB.prepare(
      'SELECT first_name AS f, last_name AS l FROM players WHERE organization_id = ? LIMIT 1',
    )
      .bind(org.id)
      .first<{ f: string; l: string }>())!
    const bad = await staffClient.post(`${base(season.id, l.id)}/import/commit`, {
      kind: 'rosters',
      text: `Team,First name,Last name\nComets,${existing.f},${existing.l}`,
      choices: { 2: 999999 },
    })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toMatch(/Row 2: Choose one of the players of this name, or a new player/)
    expect(await holdings(org.id)).toEqual(before)
  })

  it('refuses with 409 a commit whose preview is stale, and one raced by a write between its read and its batch', async () => {
    const { org, staffClient, ownerClient } = await createTenant()
    const { season, league: l, teams } = await league(staffClient, org.id)
    const path = base(season.id, l.id)
    const text = 'Team,First name,Last name\nComets,Ada,Lovelace\nComets,Grace,Hopper'
    const preview = await staffClient.post(`${path}/import/preview`, { kind: 'rosters', text })
    // Meanwhile someone adds Grace Hopper: the preview's "new" would now be a match.
    const form = new FormData()
    form.append('firstName', 'Grace')
    form.append('lastName', 'Hopper')
    expect(
      (await ownerClient.postForm(`/api/seasonsv2/${season.id}/leagues/${l.id}/teams/${teams[0].id}/players`, form)).status,
    ).toBe(201)
    const before = await holdings(org.id)
    const stale = await staffClient.post(`${path}/import/commit`, { kind: 'rosters', text, token: preview.body.token })
    expect(stale.status).toBe(409)
    expect(stale.body.message).toMatch(/changed since your preview/)
    expect(await holdings(org.id)).toEqual(before)

    // Fresh preview, but a player is added between the commit's read and its write batch.
    const fresh = await staffClient.post(`${path}/import/preview`, { kind: 'rosters', text })
    expect(fresh.body.rows[1].status).toBe('match')
    const racing = interleavedEnv(/insert into "players"/i, async () => {
      const other = new FormData()
      other.append('firstName', 'Ada')
      other.append('lastName', 'Lovelace')
      expect((await ownerClient.postForm('/api/playersv2', other)).status).toBe(201)
    })
    const raced = await onBindings(staffClient, racing.env).post(`${path}/import/commit`, {
      kind: 'rosters',
      text,
      token: fresh.body.token,
    })
    expect(racing.fired()).toBe(true)
    expect(raced.status, JSON.stringify(raced.body)).toBe(409)
    expect(raced.body.message).toMatch(/while the import was being saved/)
    const after = await holdings(org.id)
    expect(after).toEqual({ ...before, players: before.players + 1 })
  })

  it('keeps organizations apart: no import into, export of or match with another organization', async () => {
    const a = await createTenant()
    const b = await createTenant()
    const { season, league: l, teams } = await league(a.staffClient, a.org.id)
    const bLeague = await league(b.staffClient, b.org.id, 1, 0)
    const aPlayer = teams[0].players[0]
    const text = `Team,First name,Last name\nIntruders,${aPlayer.firstName},${aPlayer.lastName}`
    const before = await holdings(a.org.id)
    for (const suffix of ['import/preview', 'import/commit']) {
      for (const query of ['', `?organization_id=${a.org.id}`, `?slug=${a.org.slug}`]) {
        const res = await b.staffClient.post(`${base(season.id, l.id)}/${suffix}${query}`, { kind: 'rosters', text })
        expect(res.status).toBe(404)
      }
    }
    for (const file of ['rosters.csv', 'games.csv', 'standings.csv', 'box-scores.csv']) {
      expect((await b.staffClient.get(`${base(season.id, l.id)}/${file}`)).status).toBe(404)
      expect((await new Client().get(`${base(season.id, l.id)}/${file}?slug=${a.org.slug}`)).status).toBe(401)
    }
    expect((await new Client().post(`${base(season.id, l.id)}/import/preview`, { kind: 'rosters', text })).status).toBe(401)
    expect(await holdings(a.org.id)).toEqual(before)
    // In B's own league, A's player is no match: B gets a new player of its own.
    const own = await b.staffClient.post(`${base(bLeague.season.id, bLeague.league.id)}/import/preview`, {
      kind: 'rosters',
      text,
    })
    expect(own.body.rows[0]).toMatchObject({ status: 'new', candidates: [] })
    const players = (await b.staffClient.get('/api/csv/players.csv')).body as string
    expect(players).not.toContain(aPlayer.lastName)
  })
})

describe('games import', () => {
  it('previews, commits and re-imports a schedule with scores; unknown teams and bad cells are errors', async () => {
    const { org, staffClient } = await createTenant()
    const { season, league: l, teams } = await league(staffClient, org.id, 3, 0)
    const [a, b, c] = teams.map((t) => t.name)
    const path = base(season.id, l.id)
    const bad = [
      'Date,Time,Home,Away,Home score,Away score',
      `2026-02-30,19:00,${a},${b},,`,
      `2026-01-05,25:00,${a},${b},,`,
      `2026-01-05,19:00,${a},Nobody,,`,
      `2026-01-05,19:00,${a},${a},,`,
      `2026-01-05,19:00,${a},${b},50,`,
    ].join('\n')
    const refused = await staffClient.post(`${path}/import/preview`, { kind: 'games', text: bad })
    expect(refused.body.rows.map((r: any) => r.message)).toEqual([
      'Date "2026-02-30" is not a date like 2026-01-15',
      'Time "25:00" is not a time like 19:00',
      'No team named "Nobody" in this league this season',
      'A game needs two different teams',
      'Give both scores or neither',
    ])
    const text = [
      'Date\tTime\tHome\tAway\tHome score\tAway score\tStatus\tLocation',
      `1/5/2026\t7:00 PM\t${a.toLowerCase()}\t${b}\t\t\t\tGym 1`,
      `2026-01-05\t20:00\t${c}\t${a}\t61\t58\t\t`,
      `2026-01-12\t19:00\t${b}\t${c}\t\t\tpostponed\t`,
    ].join('\n')
    const preview = await staffClient.post(`${path}/import/preview`, { kind: 'games', text })
    expect(preview.body.rows.map((r: any) => [r.status, r.date, r.time, r.home])).toEqual([
      ['new', '2026-01-05', '19:00', a],
      ['new', '2026-01-05', '20:00', c],
      ['new', '2026-01-12', '19:00', b],
    ])
    const committed = await staffClient.post(`${path}/import/commit`, { kind: 'games', text, token: preview.body.token })
    expect(committed.status, JSON.stringify(committed.body)).toBe(200)
    expect(committed.body.summary).toMatchObject({ newGames: 3 })
    const games = (await staffClient.get(`/api/gamesv2?seasonId=${season.id}&leagueId=${l.id}`)).body.games
    expect(
      games.map((g: any) => [g.date, g.time, g.homeTeam.name, g.awayTeam.name, g.score_home, g.score_away, g.status]),
    ).toEqual([
      ['2026-01-05', '19:00', a, b, 0, 0, 'scheduled'],
      ['2026-01-05', '20:00', c, a, 61, 58, 'completed'],
      ['2026-01-12', '19:00', b, c, 0, 0, 'postponed'],
    ])
    expect(games[0]).toMatchObject({ location: 'Gym 1', game_dateTime: '2026-01-06T03:00:00.000Z' })
    // The Final period holds the imported final score, as the game page's score entry keeps it.
    const detail = (await staffClient.get(`/api/gamesv2/${games[1].id}`)).body
    expect(detail.periodScores.map((p: any) => [p.gamePeriod.name, p.score]).sort()).toEqual([
      ['Final', 58],
      ['Final', 61],
    ])

    // Again, with a result for the first game: matches, one update, nothing else written.
    const results = text.replace(`${b}\t\t\t\tGym 1`, `${b}\t70\t65\t\tGym 1`)
    const again = await staffClient.post(`${path}/import/preview`, { kind: 'games', text: results })
    expect(again.body.rows.map((r: any) => [r.status, r.message])).toEqual([
      ['match', 'Updates the score, status of the existing game'],
      ['match', 'Already in the schedule'],
      ['match', 'Already in the schedule'],
    ])
    const updated = await staffClient.post(`${path}/import/commit`, { kind: 'games', text: results, token: again.body.token })
    expect(updated.body.summary).toMatchObject({ newGames: 0, updatedGames: 1, unchanged: 2 })
    const after = (await staffClient.get(`/api/gamesv2/${games[0].id}`)).body.game
    expect(after).toMatchObject({ score_home: 70, score_away: 65, status: 'completed', version: games[0].version + 1 })
    expect((await holdings(org.id)).games).toBe(3)
  })
})

describe('exports', () => {
  it('are UTF-8 CSV with a BOM, RFC 4180 quoting and formula cells made inert', async () => {
    const { org, staffClient } = await createTenant()
    const defaults = await withBasketballDefaults(org.id)
    const { season, league: l } = await buildSeason(staffClient, org.id, { teamCount: 0 })
    const path = base(season.id, l.id)
    const text = [
      'Team,First name,Last name,Captain',
      '=SUM(A1:A9),"Quote ""Q""",Comma\u00e9,yes',
      '"Line, Two",@Ann,-Lee,',
    ].join('\n')
    expect((await staffClient.post(`${path}/import/commit`, { kind: 'rosters', text })).status).toBe(200)
    const res = await staffClient.get(`${path}/rosters.csv`)
    expect(res.status).toBe(200)
    // The bytes start with the UTF-8 BOM (text decoding drops it, as a spreadsheet does).
    const raw = await workerFetch(
      new Request(`http://localhost${path}/rosters.csv`, {
        headers: { Cookie: [...staffClient.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      }),
    )
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 4)]).toEqual([0xef, 0xbb, 0xbf, 0x54])
    expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('Content-Disposition')).toMatch(/^attachment; filename="[a-z0-9-]+-rosters\.csv"$/)
    expect(res.body).toBe(
      'Team,Division,First name,Last name,Captain\r\n' +
        `'=SUM(A1:A9),,"Quote ""Q""",Comma\u00e9,yes\r\n` +
        `"Line, Two",,'@Ann,'-Lee,\r\n`,
    )

    const teams = (await staffClient.get(`/api/seasonsv2/${season.id}/leagues/${l.id}/teams`)).body.teams
    const home = teams.find((t: any) => t.name.startsWith('='))
    const away = teams.find((t: any) => t.name.startsWith('Line'))
    const games = `Date\tTime\tHome\tAway\tHome score\tAway score\n2026-01-05\t19:00\t${home.name}\t${away.name}\t55\t50`
    expect((await staffClient.post(`${path}/import/commit`, { kind: 'games', text: games })).status).toBe(200)
    const [game] = (await staffClient.get(`/api/gamesv2?seasonId=${season.id}`)).body.games
    const roster = (await staffClient.get(`/api/seasonsv2/${season.id}/leagues/${l.id}/teams/${home.id}/players`)).body.players
    const box = await staffClient.put('/api/player-game-stats', {
      game_id: game.id,
      stats: [
        { player_id: roster[0].id, stat_id: defaults.stat('PTS'), value: 21 },
        { player_id: roster[0].id, stat_id: defaults.stat('FTM'), value: 3 },
        { player_id: roster[0].id, stat_id: defaults.stat('FTA'), value: 4 },
      ],
    })
    expect(box.status, JSON.stringify(box.body)).toBe(200)

    const boxScores = parseDelimited((await staffClient.get(`${path}/box-scores.csv`)).body)
    const header = boxScores[0]
    expect(header.slice(0, 7)).toEqual(['Date', 'Time', 'Home', 'Away', 'Team', 'First name', 'Last name'])
    const line = Object.fromEntries(header.map((h, i) => [h, boxScores[1][i]]))
    expect(line).toMatchObject({ Date: '2026-01-05', Team: `'=SUM(A1:A9)`, PTS: '21', FTM: '3', FTA: '4', 'FT%': '0.75' })

    const standings = parseDelimited((await staffClient.get(`${path}/standings.csv`)).body)
    expect(standings[0]).toEqual(['Rank', 'Team', 'Division', 'W', 'L', 'Pct', 'FT%', '3PM', 'Players'])
    expect(standings.slice(1).map((r) => [r[0], r[1], r[3], r[4], r[5]])).toEqual([
      ['1', `'=SUM(A1:A9)`, '1', '0', '1'],
      ['2', 'Line, Two', '0', '1', '0'],
    ])
    const players = parseDelimited((await staffClient.get('/api/csv/players.csv')).body)
    expect(players[0].slice(0, 2)).toEqual(['First name', 'Last name'])
    expect(players).toContainEqual(expect.arrayContaining(["'@Ann", "'-Lee"]))
  })
})

describe('round trip', () => {
  it('exports a season league, imports it into a new season, and exports the very same files', async () => {
    const { org, staffClient } = await createTenant()
    await withBasketballDefaults(org.id)
    const season = (await staffClient.post('/api/seasonsv2', { name: unique('Fall'), startDate: '2025-09-01' })).body.season
    const l = (await staffClient.post(`/api/seasonsv2/${season.id}/leagues`, { name: 'Tuesday Men' })).body.league
    // The organization's player attributes are columns too: the jersey Number and a Position.
    for (const attribute of [
      { name: 'Number', type: 'number' },
      { name: 'Position', type: 'string' },
    ]) {
      expect((await staffClient.post('/api/playerAttributes', attribute)).status).toBe(201)
    }
    const rosterText = [
      'Team,Division,First name,Last name,Captain,Jersey,Position',
      'Hawks,East,Ann,Lee,yes,7,Guard',
      'Hawks,East,Bo,"O\'Neil, Jr.",,23,',
      'Hawks,East,Cy,Żółć,,,',
      'Owls,West,Di,"Quote ""D""",,0,"Forward, Center"',
      'Owls,West,Ed,=Formula,yes,12,@bench',
      '+Plus Team,,Flo,Multi Word Last,,,',
      'Empty Team,East,,,,,',
    ].join('\n')
    const path = base(season.id, l.id)
    expect((await staffClient.post(`${path}/import/commit`, { kind: 'rosters', text: rosterText })).status).toBe(200)
    const gamesText = [
      'Date,Time,Home,Away,Home score,Away score,Status,Location',
      '2025-09-02,19:00,Hawks,Owls,60,55,completed,"Gym A, Court 1"',
      '2025-09-02,20:00,+Plus Team,Empty Team,,,scheduled,',
      '2025-09-09,19:00,Owls,+Plus Team,0,0,postponed,',
      '2025-09-09,20:00,Empty Team,Hawks,20,0,forfeit,Gym B',
      ',,Hawks,+Plus Team,,,scheduled,',
    ].join('\n')
    expect((await staffClient.post(`${path}/import/commit`, { kind: 'games', text: gamesText })).status).toBe(200)

    const rosters1 = (await staffClient.get(`${path}/rosters.csv`)).body as string
    const games1 = (await staffClient.get(`${path}/games.csv`)).body as string
    expect(rosters1.split('\r\n')).toHaveLength(9)
    expect(rosters1.split('\r\n')[0]).toBe('Team,Division,First name,Last name,Captain,Number,Position')
    expect(rosters1).toContain(`Owls,West,Ed,'=Formula,yes,12,'@bench`)
    expect(games1.split('\r\n')).toHaveLength(7)

    // A new season with a new league of its own: everything comes from the two files.
    const next = (await staffClient.post('/api/seasonsv2', { name: unique('Winter'), startDate: '2026-01-01' })).body.season
    const l2 = (await staffClient.post(`/api/seasonsv2/${next.id}/leagues`, { name: 'Tuesday Men' })).body.league
    const path2 = base(next.id, l2.id)
    const preview = await staffClient.post(`${path2}/import/preview`, { kind: 'rosters', text: rosters1 })
    expect(preview.body.canCommit).toBe(true)
    // The players exist already (last season): each row is a match, defaulting to that player.
    expect(preview.body.rows.filter((r: any) => r.firstName).every((r: any) => r.status === 'match')).toBe(true)
    const r = await staffClient.post(`${path2}/import/commit`, { kind: 'rosters', text: rosters1, token: preview.body.token })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.summary).toMatchObject({ newPlayers: 0, existingPlayers: 6 })
    const g = await staffClient.post(`${path2}/import/commit`, { kind: 'games', text: games1 })
    expect(g.status, JSON.stringify(g.body)).toBe(200)

    expect((await staffClient.get(`${path2}/rosters.csv`)).body).toBe(rosters1)
    expect((await staffClient.get(`${path2}/games.csv`)).body).toBe(games1)
    // The same players, not copies: 6 people in the organization.
    const count = await env.DB.prepare('SELECT COUNT(*) AS n FROM players WHERE organization_id = ?')
      .bind(org.id)
      .first<{ n: number }>()
    expect(count?.n).toBe(6)
  })
})

describe('the E-mail column (docs/members.md "Accounts")', () => {
  const emailOf = async (id: number) =>
    (await env.DB.prepare('SELECT email FROM players WHERE id = ?').bind(id).first<{ email: string | null }>())?.email ?? null

  it('exports each player’s e-mail (players.csv always, rosters.csv when a rostered player has one)', async () => {
    const { org, staffClient } = await createTenant()
    const { season, league: l, teams } = await league(staffClient, org.id, 1, 2)
    const [ann, bo] = teams[0].players
    await env.DB.prepare('UPDATE players SET email = ? WHERE id = ?').bind('ann@example.org', ann.id).run()
    const players = parseDelimited((await staffClient.get('/api/csv/players.csv')).body)
    expect(players[0].slice(0, 3)).toEqual(['First name', 'Last name', 'E-mail'])
    expect(players).toContainEqual([ann.firstName, ann.lastName, 'ann@example.org'])
    expect(players).toContainEqual([bo.firstName, bo.lastName, ''])
    const rosters = parseDelimited((await staffClient.get(`${base(season.id, l.id)}/rosters.csv`)).body)
    expect(rosters[0]).toEqual(['Team', 'Division', 'First name', 'Last name', 'Captain', 'E-mail'])
    expect(rosters).toContainEqual([teams[0].name, '', ann.firstName, ann.lastName, '', 'ann@example.org'])
  })

  it('imports it: checked, lower-cased, one player per address; an empty cell keeps the address', async () => {
    const { org, staffClient } = await createTenant()
    const { season, league: l, teams } = await league(staffClient, org.id, 1, 2)
    const [ann, bo] = teams[0].players
    await env.DB.prepare('UPDATE players SET email = ? WHERE id = ?').bind('ann@example.org', ann.id).run()
    const path = base(season.id, l.id)
    const before = await holdings(org.id)
    const bad = tsv([
      ['Team', 'First name', 'Last name', 'E-mail'],
      ['Comets', 'Ada', 'Lovelace', 'not an address'],
      ['Comets', 'Grace', 'Hopper', 'ANN@example.org'],
      ['Comets', 'Alan', 'Turing', 'alan@example.org'],
      ['Comets', 'Edsger', 'Dijkstra', 'Alan@Example.org'],
    ])
    const preview = await staffClient.post(`${path}/import/preview`, { kind: 'rosters', text: bad })
    expect(preview.status, JSON.stringify(preview.body)).toBe(200)
    expect(preview.body.rows.map((r: any) => [r.row, r.status, r.message])).toEqual([
      [2, 'error', 'E-mail "not an address" is not a valid e-mail address'],
      [3, 'error', `The e-mail address ann@example.org already belongs to ${ann.firstName} ${ann.lastName}`],
      [4, 'new', null],
      [5, 'error', 'The same e-mail address as row 4'],
    ])
    const refused = await staffClient.post(`${path}/import/commit`, { kind: 'rosters', text: bad })
    expect(refused.status).toBe(400)
    expect(refused.body.message).toMatch(/^3 rows have errors, so nothing was imported\. Row 2: E-mail/)
    expect(await holdings(org.id)).toEqual(before)
    expect(await emailOf(ann.id)).toBe('ann@example.org')

    const good = tsv([
      ['Team', 'First name', 'Last name', 'E-mail'],
      [teams[0].name, ann.firstName, ann.lastName, ''],
      [teams[0].name, bo.firstName, bo.lastName, ' Bo.New@Example.ORG '],
      ['Comets', 'Ada', 'Lovelace', 'ADA@example.org'],
    ])
    const shown = await staffClient.post(`${path}/import/preview`, { kind: 'rosters', text: good })
    expect(shown.body.rows.map((r: any) => [r.row, r.status, r.email])).toEqual([
      [2, 'match', ''],
      [3, 'match', 'bo.new@example.org'],
      [4, 'new', 'ada@example.org'],
    ])
    expect(shown.body.rows[1].message).toBe('Already on this team; Updates E-mail')
    const done = await staffClient.post(`${path}/import/commit`, { kind: 'rosters', text: good, token: shown.body.token })
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    expect(await emailOf(ann.id)).toBe('ann@example.org')
    expect(await emailOf(bo.id)).toBe('bo.new@example.org')
    const ada = await env.DB.prepare('SELECT email FROM players WHERE organization_id = ? AND first_name = ?')
      .bind(org.id, 'Ada')
      .first<{ email: string }>()
    expect(ada?.email).toBe('ada@example.org')
    // Another organization may hold the same address.
    const other = await createTenant()
    const o = await league(other.staffClient, other.org.id, 1, 0)
    const elsewhere = await other.staffClient.post(`${base(o.season.id, o.league.id)}/import/commit`, {
      kind: 'rosters',
      text: 'Team,First name,Last name,Email\nOwls,Ann,Other,ann@example.org',
    })
    expect(elsewhere.status, JSON.stringify(elsewhere.body)).toBe(200)
  })
})
