// Why a schedule cannot be generated, or a swap is refused, in the language the request asks for
// (docs/languages.md): whole catalog sentences written from the generator's teams, dates and slots,
// English — the wire contract — exactly as the generator writes it when no language is asked for.

import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { Client } from '../helpers/client'
import { buildSeason, createTenant } from '../helpers/factories'
import { interleavedEnv } from '../helpers/interleave'

const spanish = { 'Accept-Language': 'es-ES,es;q=0.9' }
const french = { 'Accept-Language': 'fr-FR,fr;q=0.9' }

/** Four teams over two Mondays with two slots; `unavailable` teams cannot play at 18:00. */
async function league(unavailable: number, slots = ['18:00', '19:00']) {
  const tenant = await createTenant({ language: 'es', languages: 'es,fr,en' })
  const built = await buildSeason(tenant.staffClient, tenant.org.id, { teamCount: 4 })
  for (const team of built.teams.slice(0, unavailable))
    expect((await tenant.staffClient.put(`/api/teams/${team.id}`, { unavailableSlots: '18:00' })).status).toBe(200)
  const created = await tenant.staffClient.post('/api/schedules', {
    name: 'Lunes',
    leagueId: built.league.id,
    startDate: '2025-09-01',
    numWeeks: 2,
    gameDays: ['Monday'],
    sameSlot: true,
    timeSlots: slots,
  })
  expect(created.status).toBe(201)
  const generate = (headers?: Record<string, string>) =>
    tenant.staffClient.request('POST', '/api/games/generate-full-schedule', {
      json: { scheduleId: created.body.schedule.id },
      headers,
    })
  return { ...tenant, ...built, generate }
}

describe('the schedule generator’s refusals in the organization’s languages', () => {
  it('say which slot cannot be filled and why in Spanish and French, English untouched', async () => {
    const { generate, teams } = await league(3)
    const en = await generate()
    expect(en.status).toBe(409)
    // The generator names the teams in its own (seeded) order.
    const [a, b, c] = teams
      .slice(0, 3)
      .map((t) => t.name)
      .sort((x, y) => en.body.message.indexOf(x) - en.body.message.indexOf(y))
    const englishConflict = `On 2025-09-01, 2025-09-08: the 18:00 slot cannot all be filled (one game a slot, a team at most twice back to back): ${a} is unavailable at 18:00; ${b} is unavailable at 18:00; ${c} is unavailable at 18:00.`
    expect(en.body.message).toBe(`No schedule meets every rule. ${englishConflict}`)
    expect(en.body.conflicts.map((x: { message: string }) => x.message)).toEqual([englishConflict])

    const es = await generate(spanish)
    expect(es.status).toBe(409)
    const spanishConflict = `Los días 1 de septiembre de 2025 y 8 de septiembre de 2025: no se puede llenar el horario de las 18:00 (un partido por horario y, como mucho, dos seguidos por equipo): ${a} no está disponible a las 18:00, ${b} no está disponible a las 18:00 y ${c} no está disponible a las 18:00.`
    expect(es.body.message).toBe(`Ningún calendario cumple todas las reglas. ${spanishConflict}`)
    expect(es.body.conflicts).toEqual([{ ...en.body.conflicts[0], message: spanishConflict }])

    const fr = await generate(french)
    expect(fr.body.message).toBe(
      `Aucun calendrier ne respecte toutes les règles. Les 1 septembre 2025 et 8 septembre 2025\u00a0: impossible de remplir le créneau de 18:00 (un match par créneau, au plus deux d’affilée par équipe)\u00a0: ${a} n’est pas disponible à 18:00, ${b} n’est pas disponible à 18:00 et ${c} n’est pas disponible à 18:00.`,
    )
  })

  it('name a team that can never play in Spanish', async () => {
    const { generate, teams } = await league(1, ['18:00'])
    const es = await generate(spanish)
    expect(es.status).toBe(409)
    expect(es.body.message).toBe(
      `Ningún calendario cumple todas las reglas. ${teams[0]?.name} no está disponible en ningún horario de la temporada (18:00).`,
    )
    expect((await generate()).body.message).toBe(
      `No schedule meets every rule. ${teams[0]?.name} is unavailable at every slot of the season (18:00).`,
    )
  })

  it('refuse a swap that breaks a hard rule in Spanish, naming the rule', async () => {
    const { generate, teams, staffClient } = await league(1, ['18:00', '19:00'])
    // One team unavailable at 18:00 leaves a schedule: swap its 19:00 game into an 18:00 cell of another night.
    expect((await generate()).status).toBe(200)
    const week = async (weekIndex: number) =>
      (await staffClient.get(`/api/games/weekly-games?scheduleId=${await scheduleIdOf(staffClient)}&weekIndex=${weekIndex}`)).body
        .games as { id: number; time: string; team1_id: number; team2_id: number }[]
    const blocked = teams[0]?.id
    const late = (await week(0)).find((g) => g.time === '19:00' && (g.team1_id === blocked || g.team2_id === blocked))
    const early = (await week(1)).find((g) => g.time === '18:00')
    expect(late && early).toBeTruthy()
    const refused = await staffClient.request('PUT', '/api/games/swap', {
      json: { gameId1: late?.id, gameId2: early?.id },
      headers: spanish,
    })
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe(
      `Intercambio rechazado: ${teams[0]?.name} no está disponible a las 18:00, pero juega el 8 de septiembre de 2025 a esa hora.`,
    )
  })
})

async function scheduleIdOf(client: { get: (path: string) => Promise<{ body: any }> }) {
  return (await client.get('/api/schedules')).body.schedules[0].id as number
}

describe('a generation refused because a game changed meanwhile', () => {
  it('names the game in Spanish, its date written in full', async () => {
    const { generate, staffClient, ownerClient, teams } = await league(0)
    expect((await generate()).status).toBe(200)
    const games = (
      await env.DB.prepare(
        'SELECT g.id, g.date, t1.name AS home, t2.name AS away FROM games g JOIN teams t1 ON t1.id = g.team1_id JOIN teams t2 ON t2.id = g.team2_id WHERE g.league_id = (SELECT league_id FROM teams WHERE id = ?) ORDER BY g.id',
      )
        .bind(teams[0]?.id)
        .all<{ id: number; date: string; home: string; away: string }>()
    ).results
    const target = games[0]
    if (!target) throw new Error('no game generated')
    const schedules = (await staffClient.get('/api/schedules')).body.schedules as { id: number }[]
    const racing = interleavedEnv(/delete from "games"/i, async () => {
      await staffClient.put(`/api/gamesv2/${target.id}/scores`, { score_home: 51, score_away: 48 })
    })
    const owner = new Client(ownerClient.origin)
    for (const [k, v] of ownerClient.cookies) owner.cookies.set(k, v)
    owner.bindings = racing.env
    const res = await owner.request('POST', '/api/games/generate-full-schedule', {
      json: { scheduleId: schedules[0]?.id },
      headers: spanish,
    })
    expect(racing.fired()).toBe(true)
    expect(res.status).toBe(409)
    expect(res.body.message).toBe(
      `${target.home} contra ${target.away} el 1 de septiembre de 2025 cambió mientras se generaba el calendario (un resultado, un bloqueo o una edición). No se ha sustituido nada: vuelve a generarlo para conservarlo.`,
    )
    expect(target.date).toBe('2025-09-01')
  }, 30_000)
})
