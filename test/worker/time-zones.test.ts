// Each organization's own time zone (docs/decisions/2026-11-28-time-zones.md): games are read in it,
// a time the clocks skip is refused naming the next valid one, the calendar feed carries the zone's
// own VTIMEZONE, and a new zone keeps every game's date and time as typed.
import { env } from 'cloudflare:workers'
import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import { Client } from '../helpers/client'
import { buildSeason, createSuperAdmin, createTenant, unique } from '../helpers/factories'

async function madrid() {
  const tenant = await createTenant({ timeZone: 'Europe/Madrid' })
  const built = await buildSeason(tenant.staffClient, tenant.org.id, { teamCount: 2 })
  const [a, b] = built.teams
  const newGame = (date: string, time: string) =>
    tenant.staffClient.post('/api/games', {
      season_id: built.season.id,
      leagueId: built.league.id,
      team1_id: a.id,
      team2_id: b.id,
      date,
      time,
    })
  return { ...tenant, ...built, newGame }
}

const storedInstant = async (gameId: number) =>
  (await env.DB.prepare('SELECT game_date_time AS at FROM games WHERE id = ?').bind(gameId).first<{ at: string }>())?.at

describe('an organization in its own time zone', () => {
  it('starts in Los Angeles time unless told otherwise, and answers its zone', async () => {
    const { org } = await createTenant()
    const res = await new Client().get(`/api/organizations/current?slug=${org.slug}`)
    expect(res.body.organization.timeZone).toBe('America/Los_Angeles')
  })

  it('reads 19:00 in Madrid as 17:00Z on the day the clocks change and 18:00Z a week before', async () => {
    const { newGame } = await madrid()
    const changeDay = await newGame('2026-03-29', '19:00')
    const ordinary = await newGame('2026-03-22', '19:00')
    expect(changeDay.status).toBe(201)
    expect(changeDay.body.game.game_dateTime).toBe('2026-03-29T17:00:00.000Z')
    expect(ordinary.body.game.game_dateTime).toBe('2026-03-22T18:00:00.000Z')
    expect(changeDay.body.game.time).toBe('19:00')
  })

  it('refuses a time the clocks skip with a message naming the next valid time, and writes nothing', async () => {
    const { newGame, org } = await madrid()
    const before = await env.DB.prepare('SELECT count(*) AS n FROM games WHERE organization_id = ?')
      .bind(org.id)
      .first<{ n: number }>()
    const res = await newGame('2026-03-29', '02:30')
    expect(res.status).toBe(400)
    expect(res.body.message).toBe(
      '2:30 AM does not exist on March 29, 2026 in Europe/Madrid: the clocks go forward. The next valid time is 3:00 AM.',
    )
    expect(res.body.fields.time).toBe(res.body.message)
    const after = await env.DB.prepare('SELECT count(*) AS n FROM games WHERE organization_id = ?')
      .bind(org.id)
      .first<{ n: number }>()
    expect(after?.n).toBe(before?.n)
  })

  it('reads a time the clocks show twice as its first occurrence', async () => {
    const { newGame } = await madrid()
    // Madrid falls back on 2026-10-25 at 03:00 → 02:00: 02:30 happens at 00:30Z and at 01:30Z
    const res = await newGame('2026-10-25', '02:30')
    expect(res.status).toBe(201)
    expect(res.body.game.game_dateTime).toBe('2026-10-25T00:30:00.000Z')
  })

  it('serves a calendar feed in the zone that a calendar library reads at the right instants', async () => {
    const { newGame, org, league } = await madrid()
    await newGame('2026-03-29', '19:00')
    await newGame('2026-03-22', '19:00')
    const res = await new Client().get(`/api/calendar/leagues/${league.id}.ics?slug=${org.slug}`)
    expect(res.status).toBe(200)
    expect(res.body).toContain('BEGIN:VTIMEZONE\r\nTZID:Europe/Madrid')
    expect(res.body).not.toContain('Los_Angeles')
    const calendar = new ICAL.Component(ICAL.parse(res.body))
    const starts = calendar
      .getAllSubcomponents('vevent')
      .map((e) => new ICAL.Event(e).startDate.toJSDate().toISOString())
      .sort()
    expect(starts).toEqual(['2026-03-22T18:00:00.000Z', '2026-03-29T17:00:00.000Z'])
  })

  it("flags a spreadsheet row whose time the clocks skip in the import's preview, naming the next valid time", async () => {
    const { staffClient, org, season, league, teams } = await madrid()
    const [a, b] = teams.map((t) => t.name)
    const text = ['Date,Time,Home,Away', `2026-03-29,02:30,${a},${b}`, `2026-03-29,19:00,${b},${a}`].join('\n')
    const path = `/api/csv/seasons/${season.id}/leagues/${league.id}/import/preview`
    const preview = await staffClient.post(path, { kind: 'games', text })
    expect(preview.status).toBe(200)
    expect(preview.body.canCommit).toBe(false)
    expect(preview.body.rows.map((r: { status: string }) => r.status)).toEqual(['error', 'new'])
    expect(preview.body.rows[0].message).toBe(
      '2:30 AM does not exist on March 29, 2026 in Europe/Madrid: the clocks go forward. The next valid time is 3:00 AM.',
    )
    const games = await env.DB.prepare('SELECT count(*) AS n FROM games WHERE organization_id = ?')
      .bind(org.id)
      .first<{ n: number }>()
    expect(games?.n).toBe(0)
  })

  it('lets the owner choose the zone; each game keeps its date and time and its instant follows, in one write', async () => {
    const { ownerClient, org, newGame } = await madrid()
    const game = (await newGame('2026-03-22', '19:00')).body.game
    const current = (await ownerClient.get(`/api/organizations/${org.id}`)).body.organization
    const res = await ownerClient.put(`/api/organizations/${org.id}`, { timeZone: 'America/New_York', version: current.version })
    expect(res.status).toBe(200)
    expect(res.body.organization.timeZone).toBe('America/New_York')
    expect(await storedInstant(game.id)).toBe('2026-03-22T23:00:00.000Z')
    const row = await env.DB.prepare('SELECT date, time FROM games WHERE id = ?').bind(game.id).first()
    expect(row).toEqual({ date: '2026-03-22', time: '19:00' })
  })

  it('refuses a zone that does not exist and a zone change that would put a game in its skipped hour, changing nothing', async () => {
    const { ownerClient, org, newGame } = await madrid()
    const game = (await newGame('2026-03-08', '02:30')).body.game // fine in Madrid
    const current = (await ownerClient.get(`/api/organizations/${org.id}`)).body.organization
    const bad = await ownerClient.put(`/api/organizations/${org.id}`, { timeZone: 'Mars/Olympus', version: current.version })
    expect(bad.status).toBe(400)
    // 2026-03-08 02:30 does not exist in New York (spring forward)
    const gap = await ownerClient.put(`/api/organizations/${org.id}`, { timeZone: 'America/New_York', version: current.version })
    expect(gap.status).toBe(400)
    expect(gap.body.message).toContain('The next valid time is 3:00 AM')
    const after = (await ownerClient.get(`/api/organizations/${org.id}`)).body.organization
    expect(after.timeZone).toBe('Europe/Madrid')
    expect(await storedInstant(game.id)).toBe('2026-03-08T01:30:00.000Z')
  })

  it('lets the super admin create an organization in a zone', async () => {
    const { client } = await createSuperAdmin()
    const slug = unique('zoned')
    const res = await client.post('/api/organizations', { name: 'Liga Madrid', slug, timeZone: 'Europe/Madrid' })
    expect(res.status).toBe(201)
    expect(res.body.organization.timeZone).toBe('Europe/Madrid')
  })
})
