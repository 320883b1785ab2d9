// Everything the Worker writes, in the organization's language (docs/decisions/2026-11-28-server-language.md):
// the API's refusals in the language Accept-Language asks for when the organization offers it —
// validation, not found, forbidden, conflicts, the skipped hour of a spring-forward night — with
// English, the specification's wire contract, untouched otherwise.
import { env } from 'cloudflare:workers'
import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import { Client } from '../helpers/client'
import { buildSeason, createTenant } from '../helpers/factories'

const spanish = { 'Accept-Language': 'es-ES,es;q=0.9' }
const french = { 'Accept-Language': 'fr-CA,fr;q=0.9' }

async function madrid(language = 'es', languages = 'es,fr,en') {
  const tenant = await createTenant({ timeZone: 'Europe/Madrid', language, languages })
  const built = await buildSeason(tenant.staffClient, tenant.org.id, { teamCount: 2 })
  const [a, b] = built.teams
  const newGame = (date: string, time: string, headers?: Record<string, string>) =>
    tenant.staffClient.request('POST', '/api/games', {
      json: { season_id: built.season.id, leagueId: built.league.id, team1_id: a?.id, team2_id: b?.id, date, time },
      headers,
    })
  return { ...tenant, ...built, newGame }
}

const gameCount = async (orgId: number) =>
  (await env.DB.prepare('SELECT count(*) AS n FROM games WHERE organization_id = ?').bind(orgId).first<{ n: number }>())?.n

describe('the API’s refusals in the organization’s languages', () => {
  it('refuse the skipped hour of the last Sunday of March in Spanish and French, dates and times written their way', async () => {
    const { newGame, org } = await madrid()
    const before = await gameCount(org.id)
    const es = await newGame('2026-03-29', '02:30', spanish)
    expect(es.status).toBe(400)
    expect(es.body.message).toBe(
      'La hora 2:30 no existe el 29 de marzo de 2026 en Europe/Madrid: los relojes se adelantan. La siguiente hora válida es 3:00.',
    )
    expect(es.body.fields.time).toBe(es.body.message)
    const fr = await newGame('2026-03-29', '02:30', french)
    expect(fr.body.message).toBe(
      '02:30 n’existe pas le 29 mars 2026 (fuseau Europe/Madrid)\u00a0: on avance l’heure. La prochaine heure valide est 03:00.',
    )
    const en = await newGame('2026-03-29', '02:30')
    expect(en.body.message).toBe(
      '2:30 AM does not exist on March 29, 2026 in Europe/Madrid: the clocks go forward. The next valid time is 3:00 AM.',
    )
    expect(await gameCount(org.id)).toBe(before)
  })

  it('answer a validation 400 with its field errors in Spanish, and change nothing', async () => {
    const { org, staffClient } = await madrid()
    const before = await gameCount(org.id)
    const season = await staffClient.request('POST', '/api/seasonsv2', { json: { name: '  ' }, headers: spanish })
    expect(season.status).toBe(400)
    expect(season.body.message).toBe('El nombre de la temporada es obligatorio')
    expect(season.body.fields.name).toBe('El nombre de la temporada es obligatorio')
    const game = await staffClient.request('POST', '/api/games', {
      json: { season_id: 1, leagueId: 1, team1_id: 5, team2_id: 5 },
      headers: french,
    })
    expect(game.status).toBe(400)
    expect(game.body.fields.team2_id).toBe('Un match nécessite deux équipes différentes')
    expect(await gameCount(org.id)).toBe(before)
  })

  it('answer 404, 403 and 409 in Spanish, English without Accept-Language', async () => {
    const { ownerClient, staffClient, owner, org, season } = await madrid()
    const missing = await staffClient.get('/api/gamesv2/987654321', { headers: spanish })
    expect(missing.status).toBe(404)
    expect(missing.body.message).toBe('Partido: no encontrado')
    expect((await staffClient.get('/api/gamesv2/987654321')).body.message).toBe('Game not found')

    const me = (await staffClient.get('/api/auth/check-auth')).body.user
    const forbidden = await staffClient.request('DELETE', `/api/usersv2/${owner.id}`, { headers: spanish })
    expect(forbidden.status).toBe(403)
    expect(forbidden.body.message).toBe('No tienes permiso para hacer eso')
    expect(me.id).not.toBe(owner.id)

    const read = (await ownerClient.get(`/api/seasonsv2/${season.id}`)).body.season
    expect((await ownerClient.put(`/api/seasonsv2/${season.id}`, { name: 'Temporada 1', version: read.version })).status).toBe(
      200,
    )
    const stale = await staffClient.request('PUT', `/api/seasonsv2/${season.id}`, {
      json: { name: 'Temporada 2', version: read.version },
      headers: spanish,
    })
    expect(stale.status).toBe(409)
    expect(stale.body.message).toBe(
      `${owner.username} modificó este elemento (temporada) después de que lo abrieras. Revisa los valores actuales y vuelve a guardar.`,
    )
    expect(stale.body.current.name).toBe('Temporada 1')
    expect(org.language).toBe('es')
  })

  it('stay English when the organization does not offer the language asked for', async () => {
    const { newGame } = await madrid('en', 'en,fr')
    const res = await newGame('2026-03-29', '02:30', spanish)
    expect(res.body.message).toBe(
      '2:30 AM does not exist on March 29, 2026 in Europe/Madrid: the clocks go forward. The next valid time is 3:00 AM.',
    )
  })
})

/** Every text node of an HTML page that is an English server-catalog message differing from its Spanish one. */
async function englishLeftIn(html: string) {
  const en = (await import('../../i18n/en/server.json')).default as Record<string, string>
  const es = (await import('../../i18n/es/server.json')).default as Record<string, string>
  const english = new Set(
    Object.entries(en)
      .filter(([key, text]) => es[key] !== text && !text.includes('{'))
      .map(([, text]) => text),
  )
  const texts = [...html.replace(/<style>[\s\S]*?<\/style>/g, '').matchAll(/>([^<>]+)</g)].map((m) => m[1]?.trim() ?? '')
  const attributes = [...html.matchAll(/(?:aria-label|title|content)="([^"]+)"/g)].map((m) => m[1] ?? '')
  return [...texts, ...attributes].filter((text) => english.has(text.replace(/ →$/, '')))
}

describe('what the Worker writes for a Spanish organization', () => {
  async function spanishLeague() {
    const tenant = await madrid('es', 'es,fr')
    const [a, b] = tenant.teams
    const games = []
    // The last Sunday of March 2027 (the clocks go forward that night) and an ordinary week before.
    for (const date of ['2027-03-21', '2027-03-28']) {
      const res = await tenant.newGame(date, '19:00')
      expect(res.status, JSON.stringify(res.body)).toBe(201)
      games.push(res.body.game)
    }
    return { ...tenant, a, b, games }
  }

  it('writes the schedule widget in Spanish: headings, dates and 19:00 as Madrid reads it', async () => {
    const { org, league, a, b } = await spanishLeague()
    const res = await new Client().get(`/${org.slug}/widgets/schedule?league=${league.id}`)
    expect(res.status).toBe(200)
    const html = res.body as string
    expect(html).toContain('<html lang="es"')
    expect(html).toContain(`Calendario de ${league.name}`)
    expect(html).toContain('<h2>Próximos partidos</h2>')
    expect(html).toContain('28 de marzo de 2027 · 19:00')
    expect(html).toContain('21 de marzo de 2027 · 19:00')
    expect(html).toContain(`${a?.name} - ${b?.name}`)
    expect(html).toContain('Calendario completo →')
    expect(await englishLeftIn(html)).toEqual([])
    const french = (await new Client().get(`/${org.slug}/widgets/schedule?league=${league.id}&lang=fr`)).body as string
    expect(french).toContain('<html lang="fr"')
    expect(french).toContain('28 mars 2027 · 19:00')
    const notOffered = (await new Client().get(`/${org.slug}/widgets/schedule?league=${league.id}&lang=en`)).body as string
    expect(notOffered).toContain('<html lang="es"')
    const missing = (await new Client().get(`/${org.slug}/widgets/schedule?league=987654`)).body as string
    expect(missing).toContain('<title>Liga: no encontrado')
    const standings = (await new Client().get(`/${org.slug}/widgets/standings?league=${league.id}`)).body as string
    expect(standings).toContain(`Clasificación de ${league.name}`)
    expect(await englishLeftIn(standings)).toEqual([])
  })

  it('titles and describes its pages in Spanish for link previews, the header named as the SPA names it', async () => {
    const { org, games, a, b } = await spanishLeague()
    const schedule = (await new Client().get(`/${org.slug}/schedule`)).body as string
    expect(schedule).toContain(`<title>Calendario · ${org.name}</title>`)
    expect(schedule).toContain(`content="${org.name}: calendarios, clasificaciones, estadísticas de partidos y de jugadores."`)
    expect(schedule).toContain('<nav class="site-nav" aria-label="Principal">')
    const game = (await new Client().get(`/${org.slug}/games/${games[1].id}`)).body as string
    expect(game).toContain(`<title>${a?.name} - ${b?.name} · ${org.name}</title>`)
    expect(game).toContain(`content="${a?.name} - ${b?.name}, el 28 de marzo de 2027 a las 19:00."`)
    expect(await englishLeftIn(schedule)).toEqual([])
  })

  it('labels its calendar feed in Spanish, each game at 19:00 in Madrid', async () => {
    const { org, league, a, b } = await spanishLeague()
    const res = await new Client().get(`/api/calendar/leagues/${league.id}.ics?slug=${org.slug}`)
    expect(res.status).toBe(200)
    const calendar = new ICAL.Component(ICAL.parse(res.body))
    const events = calendar.getAllSubcomponents('vevent').map((e) => new ICAL.Event(e))
    expect(events.map((e) => e.summary)).toEqual([`${a?.name} - ${b?.name}`, `${a?.name} - ${b?.name}`])
    expect(events.map((e) => `${e.startDate.toString()}`).sort()).toEqual(['2027-03-21T19:00:00', '2027-03-28T19:00:00'])
    const team = await new Client().get(`/api/calendar/teams/${b?.id}.ics?slug=${org.slug}`)
    const away = new ICAL.Component(ICAL.parse(team.body)).getAllSubcomponents('vevent').map((e) => new ICAL.Event(e).summary)
    expect(away).toEqual([`${b?.name} @ ${a?.name}`, `${b?.name} @ ${a?.name}`])
  })

  it('answers a domain that belongs to nobody in the visitor’s language', async () => {
    const res = await new Client('http://nobody-here.example').get('/schedule', { headers: spanish })
    expect(res.status).toBe(404)
    expect(res.body).toContain('<html lang="es">')
    expect(res.body).toContain('Todavía no hay ningún sitio de liga aquí')
    expect(res.body).toContain('<strong>nobody-here.example</strong> no está conectado a ninguna organización de Courtside.')
  })
})

describe('CSV files of a Spanish organization', () => {
  it('title the columns in Spanish, keep the machine values, and read a Spanish file back in', async () => {
    const { staffClient, season, league, teams, newGame } = await madrid('es', 'es,fr')
    const [a, b] = teams
    const base = `/api/csv/seasons/${season.id}/leagues/${league.id}`
    expect((await newGame('2027-03-28', '19:00')).status).toBe(201)
    const games = (await staffClient.get(`${base}/games.csv`)).body as string
    const [header, row] = games.replace(/^\uFEFF/, '').split('\r\n')
    expect(header).toBe('Fecha,Hora,Local,Visitante,Puntos local,Puntos visitante,Estado,Lugar')
    expect(row).toBe(`2027-03-28,19:00,${a?.name},${b?.name},,,scheduled,`)
    const standings = (await staffClient.get(`${base}/standings.csv`)).body as string
    expect(standings.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('Puesto,Equipo,División,G,P,%,FT%,3PM,Jugadores')
    const rosters = (await staffClient.get(`${base}/rosters.csv`)).body as string
    expect(rosters.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('Equipo,División,Nombre,Apellido,Capitán')

    // The Spanish file comes back in: the same games, recognised as already there.
    const preview = await staffClient.post(`${base}/import/preview`, { kind: 'games', text: games })
    expect(preview.status, JSON.stringify(preview.body)).toBe(200)
    expect(preview.body.ignoredColumns).toEqual([])
    expect(preview.body.rows.map((r: { status: string }) => r.status)).toEqual(['match'])
    // A French one too, and the English titles as before.
    const french = ['Date,Heure,Domicile,Extérieur', `2027-04-04,19:00,${b?.name},${a?.name}`].join('\r\n')
    const fr = await staffClient.post(`${base}/import/preview`, { kind: 'games', text: french })
    expect(fr.status, JSON.stringify(fr.body)).toBe(200)
    expect(fr.body.rows.map((r: { status: string }) => r.status)).toEqual(['new'])
    // The preview's row problems in the language the screen asks for.
    const bad = ['Fecha,Hora,Local,Visitante', `2027-04-04,19:00,Nadie,${a?.name}`].join('\r\n')
    const es = await staffClient.request('POST', `${base}/import/preview`, {
      json: { kind: 'games', text: bad },
      headers: spanish,
    })
    expect(es.body.rows[0].message).toBe('No hay ningún equipo llamado «Nadie» en esta liga esta temporada')
    const en = await staffClient.post(`${base}/import/preview`, { kind: 'games', text: bad })
    expect(en.body.rows[0].message).toBe('No team named "Nadie" in this league this season')
  })
})

describe('what the schedule builder reports, in the language asked for', () => {
  it('says the schedule was generated, and the matchups swapped, in Spanish; English unchanged without Accept-Language', async () => {
    const { staffClient, org } = await createTenant({ language: 'es', languages: 'es,en' })
    const { teams, league } = await buildSeason(staffClient, org.id, { teamCount: 5 })
    for (const team of teams.slice(0, 2)) await staffClient.put(`/api/teams/${team.id}`, { unavailableSlots: '18:30' })
    const schedule = async () =>
      (
        await staffClient.post('/api/schedules', {
          name: 'Martes',
          leagueId: league.id,
          startDate: '2025-09-02',
          numWeeks: 4,
          gameDays: ['Tuesday'],
          sameSlot: true,
          timeSlots: ['18:00', '18:30', '19:00'],
        })
      ).body.schedule
    const first = await schedule()
    const es = await staffClient.request('POST', '/api/games/generate-full-schedule', {
      json: { scheduleId: first.id },
      headers: spanish,
    })
    expect(es.status).toBe(200)
    expect(es.body.message).toBe('¡Calendario completo generado! 11 partidos programados, 1 franja sin ocupar.')
    const second = await schedule()
    const en = await staffClient.post('/api/games/generate-full-schedule', { scheduleId: second.id })
    expect(en.body.message).toBe('Full schedule generated! 11 games scheduled, 1 slot left open.')
  })
})
