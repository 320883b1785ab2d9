// Everything the Worker writes, in the organization's language (docs/decisions/2026-11-28-server-language.md):
// the API's refusals in the language Accept-Language asks for when the organization offers it —
// validation, not found, forbidden, conflicts, the skipped hour of a spring-forward night — with
// English, the specification's wire contract, untouched otherwise.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
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
