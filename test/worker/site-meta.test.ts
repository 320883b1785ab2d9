import { env } from 'cloudflare:workers'
import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import { Client } from '../helpers/client'
import { buildSeason, createTenant, insertGame, unique } from '../helpers/factories'

async function fixture() {
  const tenant = await createTenant({ domain: `${unique('feeds')}.example` })
  const built = await buildSeason(tenant.staffClient, tenant.org.id, { teamCount: 3, playersPerTeam: 1 })
  const [a, b, c] = built.teams
  const played = (
    await tenant.staffClient.post('/api/games', {
      season_id: built.season.id,
      leagueId: built.league.id,
      team1_id: a.id,
      team2_id: b.id,
      date: '2025-11-02',
      time: '18:00',
      location: 'Gym, Court 1; north',
    })
  ).body.game
  await tenant.staffClient.put(`/api/gamesv2/${played.id}/scores`, { score_home: 61, score_away: 57 })
  const upcoming = await insertGame(
    tenant.org.id,
    built.season.id,
    built.league.id,
    c.id,
    a.id,
    [0, 0],
    'scheduled',
    '2025-11-09',
  )
  await env.DB.prepare('INSERT INTO byes (organization_id, season_id, league_id, date, team_id) VALUES (?, ?, ?, ?, ?)')
    .bind(tenant.org.id, built.season.id, built.league.id, '2025-11-02', c.id)
    .run()
  await env.DB.prepare('INSERT INTO week_offs (organization_id, season_id, league_id, date, reason) VALUES (?, ?, ?, ?, ?)')
    .bind(tenant.org.id, built.season.id, built.league.id, '2025-11-23', 'Thanksgiving')
    .run()
  return { ...tenant, ...built, a, b, c, played, upcoming }
}

function parse(text: string) {
  const component = new ICAL.Component(ICAL.parse(text))
  return component.getAllSubcomponents('vevent').map((e) => new ICAL.Event(e))
}

describe('calendar feeds', () => {
  it('serves a league feed that a real iCalendar parser reads: games in LA time, byes and week-offs all-day', async () => {
    const { org, league, played } = await fixture()
    const res = await new Client().get(`/api/calendar/leagues/${league.id}.ics?slug=${org.slug}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toContain('text/calendar')
    expect(res.body).toContain('\r\n')
    const events = parse(res.body)
    const game = events.find((e) => e.uid.startsWith(`game-${played.id}@`))!
    expect(game.summary).toContain(' vs ')
    expect(game.location).toBe('Gym, Court 1; north')
    expect(game.startDate.toJSDate().toISOString()).toBe('2025-11-03T02:00:00.000Z')
    expect(game.description).toContain('Final:')
    const bye = events.find((e) => e.summary.endsWith('(BYE)'))!
    expect(bye.startDate.isDate).toBe(true)
    const off = events.find((e) => e.summary === 'No Games: Thanksgiving')!
    expect(off.startDate.toString()).toBe('2025-11-23')
  })

  it('serves a team feed from its side, with stable UIDs that survive a reschedule', async () => {
    const { org, a, staffClient, played } = await fixture()
    const first = parse((await new Client(`http://${org.domain}`).get(`/api/calendar/teams/${a.id}.ics`)).body)
    // Two games and the league's week-off; the bye belongs to another team.
    expect(first).toHaveLength(3)
    expect(first.some((e) => e.summary.endsWith('(BYE)'))).toBe(false)
    expect(first.some((e) => e.summary.includes(' @ '))).toBe(true)
    await staffClient.put(`/api/gamesv2/${played.id}/details`, { date: '2025-11-04', time: '20:00' })
    const second = parse((await new Client(`http://${org.domain}`).get(`/api/calendar/teams/${a.id}.ics`)).body)
    const moved = second.find((e) => e.uid === first.find((f) => f.uid.startsWith(`game-${played.id}@`))!.uid)!
    expect(moved.startDate.toJSDate().toISOString()).toBe('2025-11-05T04:00:00.000Z')
  })

  it("answers another organization's league or team with 404", async () => {
    const { league, a } = await fixture()
    const other = await createTenant()
    expect((await new Client().get(`/api/calendar/leagues/${league.id}.ics?slug=${other.org.slug}`)).status).toBe(404)
    expect((await new Client().get(`/api/calendar/teams/${a.id}.ics?slug=${other.org.slug}`)).status).toBe(404)
  })
})

describe('link previews, robots and sitemap', () => {
  it('puts the final score into a shared game link’s title and Open Graph tags', async () => {
    const { org, played } = await fixture()
    const res = await new Client().get(`/${org.slug}/games/${played.id}`)
    expect(res.status).toBe(200)
    expect(res.body).toMatch(/<title>FINAL: .+ 61 – 57 .+<\/title>/)
    expect(res.body).toMatch(/<meta property="og:title" content="FINAL: [^"]+61 – 57/)
    expect(res.body).toContain('<meta name="courtside-host" content="platform">')
    const onDomain = await new Client(`http://${org.domain}`).get(`/games/${played.id}`)
    expect(onDomain.body).toContain(`<link rel="canonical" href="http://${org.domain}/games/${played.id}">`)
    expect(onDomain.body).toContain('<meta name="courtside-host" content="custom">')
  })

  it('escapes names in meta tags', async () => {
    const { org, staffClient, season, league } = await fixture()
    const evil = (
      await staffClient.post(`/api/seasonsv2/${season.id}/leagues/${league.id}/teams`, { name: '"><script>alert(1)</script>' })
    ).body.team
    const res = await new Client().get(`/${org.slug}/teams/${evil.id}`)
    expect(res.body).not.toContain('<script>alert(1)</script>')
    expect(res.body).toContain('&quot;&gt;&lt;script&gt;')
  })

  it("carries the organization and its header in the page, escaped, and preloads the page's own calls", async () => {
    const name = 'Hoops </script><img src=x onerror=alert(1)> & Co'
    const { org, played } = await fixture()
    await env.DB.prepare('UPDATE organizations SET name = ?, theme = ? WHERE id = ?').bind(name, 'dark', org.id).run()
    const res = await new Client().get(`/${org.slug}/games/${played.id}`)
    const html = String(res.body)
    expect(html).not.toContain('<img src=x')
    expect(html).toContain('<html lang="en" data-theme="dark">')
    // The header React draws first, before the script has run.
    expect(html).toContain(
      `<div id="root"><div class="site-shell"><header class="site-header nav-small"><nav class="site-nav" aria-label="Main"><a href="/${org.slug}" class="site-brand"><span class="site-name">Hoops &lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; &amp; Co</span></a></nav></header></div></div>`,
    )
    // The organization as its API answers it, in a data block nothing can close early.
    const data = html.match(/<script type="application\/json" id="courtside-organization">([^<]*)<\/script>/)?.[1]
    const api = await new Client().get(`/api/organizations/slug/${org.slug}`)
    expect(JSON.parse(data ?? 'null')).toEqual(api.body)
    // The game page's own call and the auth check, started by the HTML.
    expect(html).toContain(
      `<link rel="preload" as="fetch" href="/api/gamesv2/${played.id}?slug=${org.slug}" crossorigin="anonymous">`,
    )
    expect(html).toContain('<link rel="preload" as="fetch" href="/api/auth/check-auth" crossorigin="anonymous">')
    // On its custom domain the calls name the domain, as the SPA does there.
    const onDomain = String((await new Client(`http://${org.domain}`).get(`/games/${played.id}`)).body)
    expect(onDomain).toContain(`href="/api/gamesv2/${played.id}?domain=${org.domain}"`)
    expect(onDomain).toContain('<a href="/" class="site-brand">')
    // The sign-in page has no header (docs/reference/public-site.md §2.1).
    expect(String((await new Client().get(`/${org.slug}/login`)).body)).toContain('<div id="root"></div>')
  })

  it('starts a signed-in screen’s first requests from its HTML, and a visitor’s none', async () => {
    const { staffClient, league, season } = await fixture()
    const preloads = (html: string) =>
      [...html.matchAll(/<link rel="preload" as="fetch" href="([^"]*)"/g)].map((m) => m[1]?.replaceAll('&amp;', '&'))
    expect(preloads(String((await staffClient.get('/teamList')).body))).toEqual([
      '/api/auth/check-auth',
      '/api/score-reports/count',
      '/api/seasonsv2',
      '/api/teams?seasonId=active&limit=100&offset=0',
    ])
    expect(preloads(String((await staffClient.get(`/leagues/${league.id}?season=${season.id}`)).body))).toEqual([
      '/api/auth/check-auth',
      '/api/score-reports/count',
      '/api/seasonsleagues',
      `/api/games?leagueId=${league.id}&seasonId=${season.id}&limit=100&offset=0`,
    ])
    // With no season named, the league's current season in the user's organization.
    expect(preloads(String((await staffClient.get(`/leagues/${league.id}`)).body))).toEqual([
      '/api/auth/check-auth',
      '/api/score-reports/count',
      '/api/seasonsleagues',
      `/api/games?leagueId=${league.id}&seasonId=${season.id}&limit=100&offset=0`,
    ])
    // Another organization's league gives away no season of it.
    const other = await fixture()
    expect(preloads(String((await staffClient.get(`/leagues/${other.league.id}`)).body))).toEqual([
      '/api/auth/check-auth',
      '/api/score-reports/count',
      '/api/seasonsleagues',
    ])
    // A filtered list asks for other pages than the first: only the sign-in check and the sidebar's
    // count of score reports waiting (every staff screen asks for it) are started.
    expect(preloads(String((await staffClient.get('/teamList?q=ab')).body))).toEqual([
      '/api/auth/check-auth',
      '/api/score-reports/count',
    ])
    // A visitor (no session cookie) starts nothing on an admin address.
    expect(preloads(String((await new Client().get('/teamList')).body))).toEqual([])
  })

  it('serves robots.txt and per-organization sitemaps', async () => {
    const { org, a, played } = await fixture()
    const robots = await new Client().get('/robots.txt')
    expect(robots.body).toContain('Disallow: /api/')
    expect(robots.body).toContain('Sitemap: http://localhost/sitemap.xml')
    const index = await new Client().get('/sitemap.xml')
    expect(index.body).toContain(`<loc>http://localhost/${org.slug}/sitemap.xml</loc>`)
    const site = await new Client().get(`/${org.slug}/sitemap.xml`)
    expect(site.body).toContain(`<loc>http://localhost/${org.slug}/teams/${a.id}</loc>`)
    expect(site.body).toContain(`/games/${played.id}</loc>`)
    const custom = await new Client(`http://${org.domain}`).get('/sitemap.xml')
    expect(custom.body).toContain(`<loc>http://${org.domain}/schedule</loc>`)
  })
})
