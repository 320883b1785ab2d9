// The CSV import in the request's language (docs/languages.md): a refused commit's message, its
// `text` field and each row's problems written whole in Spanish or French; the preview names a
// matched game's changed fields in the language; Spanish titles and a Spanish "sí" are read as the
// English ones. English — the wire contract — unchanged.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { buildSeason, createTenant, withBasketballDefaults } from '../helpers/factories'

const spanish = { 'Accept-Language': 'es-ES,es;q=0.9' }
const french = { 'Accept-Language': 'fr-FR,fr;q=0.9' }

async function spanishLeague(teamCount = 2, playersPerTeam = 0) {
  const tenant = await createTenant({ language: 'es', languages: 'es,fr,en' })
  await withBasketballDefaults(tenant.org.id)
  const built = await buildSeason(tenant.staffClient, tenant.org.id, { teamCount, playersPerTeam })
  const path = `/api/csv/seasons/${built.season.id}/leagues/${built.league.id}`
  const post = (step: 'preview' | 'commit', json: Record<string, unknown>, headers?: Record<string, string>) =>
    tenant.staffClient.request('POST', `${path}/import/${step}`, { json, headers })
  return { ...tenant, ...built, post }
}

const gameCount = async (orgId: number) =>
  (await env.DB.prepare('SELECT count(*) AS n FROM games WHERE organization_id = ?').bind(orgId).first<{ n: number }>())?.n

describe('the CSV import in the organization’s languages', () => {
  it('refuses a commit with a row of two problems in Spanish and French: message, field and rows', async () => {
    const { post, teams, org } = await spanishLeague()
    const [a, b] = teams.map((t) => t.name)
    const text = ['Date,Time,Home,Away', `soon,late,${a},${b}`, `2026-01-05,19:00,${a},${b}`].join('\n')
    const before = await gameCount(org.id)

    const en = await post('commit', { kind: 'games', text })
    expect(en.status).toBe(400)
    const english = 'Date "soon" is not a date like 2026-01-15; Time "late" is not a time like 19:00'
    expect(en.body).toMatchObject({
      message: `1 row has errors, so nothing was imported. Row 2: ${english}`,
      fields: { text: `Row 2: ${english}` },
      rows: [{ row: 2, message: english }],
    })

    const es = await post('commit', { kind: 'games', text }, spanish)
    expect(es.status).toBe(400)
    const problems = 'La fecha «soon» no es una fecha como 2026-01-15; La hora «late» no es una hora como 19:00'
    expect(es.body).toEqual({
      message: `1 fila tiene errores, así que no se ha importado nada. Fila 2: ${problems}`,
      fields: { text: `Fila 2: ${problems}` },
      rows: [{ row: 2, message: problems }],
    })

    const fr = await post('commit', { kind: 'games', text }, french)
    expect(fr.body.rows).toEqual([
      {
        row: 2,
        message:
          'La date «\u00a0soon\u00a0» n’est pas une date comme 2026-01-15\u00a0; L’heure «\u00a0late\u00a0» n’est pas une heure comme 19:00',
      },
    ])
    expect(fr.body.message).toMatch(/^1 ligne contient des erreurs, rien n’a donc été importé\. Ligne 2\s:\sLa date/)
    expect(await gameCount(org.id)).toBe(before)
  })

  it('names a matched game’s changed fields in Spanish in the preview', async () => {
    const { post, teams } = await spanishLeague()
    const [a, b] = teams.map((t) => t.name)
    const header = 'Date,Time,Home,Away,Home score,Away score'
    const first = await post('preview', { kind: 'games', text: `${header}\n2026-01-05,19:00,${a},${b},,` })
    expect(
      (await post('commit', { kind: 'games', text: `${header}\n2026-01-05,19:00,${a},${b},,`, token: first.body.token })).status,
    ).toBe(200)
    const scored = `${header}\n2026-01-05,19:00,${a},${b},70,65`
    expect((await post('preview', { kind: 'games', text: scored })).body.rows[0].message).toBe(
      'Updates the score, status of the existing game',
    )
    const es = await post('preview', { kind: 'games', text: scored }, spanish)
    expect(es.body.rows[0]).toMatchObject({ status: 'match', changes: ['score', 'status'] })
    expect(es.body.rows[0].message).toBe('Actualiza el resultado y el estado del partido existente')
    const fr = await post('preview', { kind: 'games', text: scored }, french)
    expect(fr.body.rows[0].message).toBe('Met à jour le score et le statut du match existant')
  })

  it('reads Spanish and French column titles and their word for yes as a captain', async () => {
    const { post, org } = await spanishLeague(0)
    const text = ['Equipo\tNombre\tApellido\tCapitán', 'Toros\tAna\tRuiz\tsí', 'Toros\tLuis\tGil\t'].join('\n')
    const preview = await post('preview', { kind: 'rosters', text }, spanish)
    expect(preview.status, JSON.stringify(preview.body)).toBe(200)
    expect(preview.body.rows.map((r: { captain: boolean; status: string }) => [r.status, r.captain])).toEqual([
      ['new', true],
      ['new', false],
    ])
    const fr = await post('preview', {
      kind: 'rosters',
      text: ['Équipe\tPrénom\tNom\tCapitaine', 'Loups\tÉli\tRoy\toui'].join('\n'),
    })
    expect(fr.body.rows[0]).toMatchObject({ status: 'new', captain: true })
    const committed = await post('commit', { kind: 'rosters', text, token: preview.body.token })
    expect(committed.status).toBe(200)
    const captains = await env.DB.prepare('SELECT count(*) AS n FROM teams WHERE organization_id = ? AND captain_id IS NOT NULL')
      .bind(org.id)
      .first<{ n: number }>()
    expect(captains?.n).toBe(1)
  })
})

describe('the E-mail column in the organization’s languages', () => {
  it('reads a Spanish "Correo electrónico" column and names its problems in Spanish', async () => {
    const { post } = await spanishLeague(1)
    const text = 'Equipo,Nombre,Apellido,Correo electrónico\nComets,Ada,Lovelace,nope\nComets,Bea,Lee,bea@example.org'
    const res = await post('preview', { kind: 'rosters', text }, spanish)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.rows[0].message).toBe('El correo electrónico «nope» no es una dirección válida')
    expect(res.body.rows[1]).toMatchObject({ status: 'new', email: 'bea@example.org' })
  })
})
