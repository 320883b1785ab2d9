// The defaults an organization is seeded with, in its language (docs/decisions/2026-11-28-default-names-language.md):
// stat names, game periods and player attributes written from the server catalog when a Spanish or
// French organization is created, English byte for byte otherwise; abbreviations are machine keys
// and never change; an existing organization's names are data and are not re-translated.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { defaultGamePeriods, defaultPlayerAttributes, defaultStats } from '../../worker/domain/defaults'
import { basketball, createSuperAdmin, createTenant, unique } from '../helpers/factories'

async function defaultsOf(orgId: number) {
  const stats = await env.DB.prepare('SELECT abbreviation, name FROM stat_definitions WHERE organization_id = ? ORDER BY "order"')
    .bind(orgId)
    .all<{ abbreviation: string; name: string }>()
  const periods = await env.DB.prepare('SELECT name FROM game_periods WHERE organization_id = ? ORDER BY "order"')
    .bind(orgId)
    .all<{ name: string }>()
  const attributes = await env.DB.prepare(
    'SELECT attribute_name AS name, attribute_type AS type FROM player_attributes WHERE organization_id = ? ORDER BY "order"',
  )
    .bind(orgId)
    .all<{ name: string; type: string }>()
  return {
    stats: stats.results,
    periods: periods.results.map((p) => p.name),
    attributes: attributes.results,
  }
}

async function created(language?: string) {
  const { client } = await createSuperAdmin()
  const sport = await basketball()
  const res = await client.post('/api/admin/organizations', {
    name: unique('Liga'),
    ...(language ? { language } : {}),
    sportIds: [sport.id],
  })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return { id: res.body.organization.id as number, client, sport }
}

describe('the defaults a new organization is seeded with', () => {
  it('are Spanish for an organization created in Spanish, the abbreviations unchanged', async () => {
    const { stats, periods, attributes } = await defaultsOf((await created('es')).id)
    expect(stats.map((s) => s.abbreviation)).toEqual(defaultStats.basketball?.map((s) => s.abbreviation))
    expect(stats.slice(0, 3).map((s) => s.name)).toEqual(['Puntos', 'Asistencias', 'Rebotes'])
    expect(stats.find((s) => s.abbreviation === '3P%')?.name).toBe('Porcentaje de triples')
    expect(periods).toEqual(['1.er cuarto', '2.º cuarto', '3.er cuarto', '4.º cuarto', 'Prórroga', 'Final'])
    expect(attributes).toEqual([
      { name: 'Número', type: 'number' },
      { name: 'Posición', type: 'string' },
    ])
  })

  it('are French for an organization created in French', async () => {
    const { stats, periods, attributes } = await defaultsOf((await created('fr')).id)
    expect(stats.slice(0, 3).map((s) => s.name)).toEqual(['Points', 'Passes décisives', 'Rebonds'])
    expect(periods[0]).toBe('1er quart-temps')
    // The period the final score is kept in is found by its name (docs/reference/games-and-statistics.md): Final everywhere.
    expect(periods.at(-1)).toBe('Final')
    expect(attributes.map((a) => a.name)).toEqual(['Numéro', 'Poste'])
  })

  it('are exactly the English defaults for an English organization', async () => {
    const { stats, periods, attributes } = await defaultsOf((await created()).id)
    expect(stats).toEqual(defaultStats.basketball)
    expect(periods).toEqual(defaultGamePeriods.basketball)
    expect(attributes.map((a) => ({ attributeName: a.name, attributeType: a.type }))).toEqual(defaultPlayerAttributes)
  })

  it('stay as they were when an organization changes its language later: they are its data', async () => {
    const { id, client } = await created()
    const before = await defaultsOf(id)
    const current = (await client.get(`/api/organizations/${id}`)).body.organization
    const saved = await client.put(`/api/organizations/${id}`, { language: 'es', version: current.version })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(await defaultsOf(id)).toEqual(before)
  })

  it('are restored in the organization’s language by Reset to default', async () => {
    const { ownerClient, org } = await createTenant({ language: 'fr', languages: 'fr' })
    const sport = await basketball()
    expect((await ownerClient.post(`/api/statsv2/reset/${sport.id}`)).status).toBe(200)
    expect((await ownerClient.post(`/api/gamePeriods/reset/${sport.id}`)).status).toBe(200)
    expect((await ownerClient.post('/api/playerAttributes/reset')).status).toBe(200)
    const { stats, periods, attributes } = await defaultsOf(org.id)
    expect(stats[2]).toEqual({ abbreviation: 'REB', name: 'Rebonds' })
    expect(periods.at(-2)).toBe('Prolongation')
    expect(attributes.map((a) => a.name)).toEqual(['Numéro', 'Poste'])
  })
})
