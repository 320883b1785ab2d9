import { and, asc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { games, playerGameStats, players, statDefinitions, teams } from '../../worker/db/schema'
import { defaultStats } from '../../worker/domain/defaults'
import { Client } from '../helpers/client'
import { basketball, createSuperAdmin, createTenant, db, unique } from '../helpers/factories'

type Stat = { id: number; name: string; abbreviation: string; order: number; is_visible: boolean; sport_id: number }

const basketballDefaults = defaultStats.basketball.map((s) => s.abbreviation)

/** An organization with the basketball defaults, made through the Reset to Default call. */
async function tenantWithStats() {
  const tenant = await createTenant()
  const sport = await basketball()
  const res = await tenant.ownerClient.post(`/api/statsv2/reset/${sport.id}`)
  expect(res.status).toBe(200)
  return { ...tenant, sport, stats: res.body.stats as Stat[] }
}

async function addCustomStat(orgId: number, sportId: number, abbreviation: string, order = 100) {
  const [stat] = await db()
    .insert(statDefinitions)
    .values({ organizationId: orgId, sportId, name: `Custom ${abbreviation}`, abbreviation, order })
    .returning()
  return stat
}

/** Records a value of the stat in a game of the organization (a box-score cell). */
async function recordStatValue(orgId: number, statId: number) {
  const [home, away] = await db()
    .insert(teams)
    .values([
      { organizationId: orgId, name: unique('home') },
      { organizationId: orgId, name: unique('away') },
    ])
    .returning()
  const [player] = await db()
    .insert(players)
    .values({ organizationId: orgId, firstName: 'Ann', lastName: unique('Lee') })
    .returning()
  const [game] = await db().insert(games).values({ organizationId: orgId, team1Id: home.id, team2Id: away.id }).returning()
  const [value] = await db()
    .insert(playerGameStats)
    .values({ organizationId: orgId, gameId: game.id, playerId: player.id, teamId: home.id, statId, value: 17 })
    .returning()
  return value
}

const storedStats = (orgId: number) =>
  db()
    .select()
    .from(statDefinitions)
    .where(eq(statDefinitions.organizationId, orgId))
    .orderBy(asc(statDefinitions.order), asc(statDefinitions.id))

describe('stats: list', () => {
  it('lists the organization’s stats of a sport in order, for staff and owner alike', async () => {
    const { staffClient, sport, stats } = await tenantWithStats()
    expect(stats.map((s) => s.abbreviation)).toEqual(basketballDefaults)
    const res = await staffClient.get(`/api/statsv2/${sport.id}`)
    expect(res.status).toBe(200)
    expect(res.body.stats).toEqual(stats)
    expect(res.body.stats[0]).toEqual({
      id: expect.any(Number),
      name: 'Points',
      abbreviation: 'PTS',
      order: 1,
      is_visible: true,
      sport_id: sport.id,
    })
  })

  it('serves the public site by slug, and only visible stats with visibleOnly=true', async () => {
    const { org, ownerClient, sport, stats } = await tenantWithStats()
    const ast = stats.find((s) => s.abbreviation === 'AST')!
    await ownerClient.put(`/api/statsv2/${ast.id}/toggle-visibility`, { hidden: true })
    const visitor = new Client()
    const all = await visitor.get(`/api/statsv2/${sport.id}?slug=${org.slug}`)
    expect(all.status).toBe(200)
    expect(all.body.stats).toHaveLength(basketballDefaults.length)
    const visible = await visitor.get(`/api/statsv2/${sport.id}?slug=${org.slug}&visibleOnly=true`)
    expect(visible.body.stats.map((s: Stat) => s.abbreviation)).toEqual(basketballDefaults.filter((a) => a !== 'AST'))
  })

  it('answers an unknown sport with 404, a bad visibleOnly with 400, and a visitor without a site with 404', async () => {
    const { ownerClient, sport } = await tenantWithStats()
    const unknown = await ownerClient.get('/api/statsv2/999999')
    expect(unknown.status).toBe(404)
    expect(unknown.body.message).toBe('Sport not found')
    const bad = await ownerClient.get(`/api/statsv2/${sport.id}?visibleOnly=maybe`)
    expect(bad.status).toBe(400)
    expect(bad.body.fields.visibleOnly).toBe('visibleOnly must be true or false')
    const anonymous = await new Client().get(`/api/statsv2/${sport.id}`)
    expect(anonymous.status).toBe(404)
    expect(anonymous.body.message).toBe('Organization not found')
  })

  it('never shows another organization’s stats to a signed-in user', async () => {
    const mine = await tenantWithStats()
    const theirs = await createTenant()
    const res = await theirs.ownerClient.get(`/api/statsv2/${mine.sport.id}`)
    expect(res.status).toBe(200)
    expect(res.body.stats).toEqual([])
    // organization_id is a super admin's tool only.
    const sneaky = await theirs.ownerClient.get(`/api/statsv2/${mine.sport.id}?organization_id=${mine.org.id}`)
    expect(sneaky.body.stats).toEqual([])
  })

  it('lets a super admin read and reset another organization’s stats with organization_id', async () => {
    const { org, sport } = await tenantWithStats()
    const { client } = await createSuperAdmin()
    const res = await client.get(`/api/statsv2/${sport.id}?organization_id=${org.id}`)
    expect(res.body.stats).toHaveLength(basketballDefaults.length)
    const missing = await client.post(`/api/statsv2/reset/${sport.id}?organization_id=999999`)
    expect(missing.status).toBe(404)
  })
})

describe('stats: toggle visibility', () => {
  it('hides and shows a stat', async () => {
    const { staffClient, sport, stats } = await tenantWithStats()
    const reb = stats.find((s) => s.abbreviation === 'REB')!
    const hidden = await staffClient.put(`/api/statsv2/${reb.id}/toggle-visibility`, { hidden: true })
    expect(hidden.status).toBe(200)
    expect(hidden.body.stat).toEqual({ ...reb, is_visible: false })
    const listed = await staffClient.get(`/api/statsv2/${sport.id}`)
    expect(listed.body.stats.find((s: Stat) => s.id === reb.id).is_visible).toBe(false)
    const shown = await staffClient.put(`/api/statsv2/${reb.id}/toggle-visibility`, { hidden: false })
    expect(shown.body.stat.is_visible).toBe(true)
  })

  it('requires hidden as a boolean', async () => {
    const { ownerClient, stats } = await tenantWithStats()
    const res = await ownerClient.put(`/api/statsv2/${stats[0].id}/toggle-visibility`, { hidden: 'yes' })
    expect(res.status).toBe(400)
    expect(res.body.fields.hidden).toBe('hidden must be true or false')
  })

  it('answers an unknown stat with 404', async () => {
    const { ownerClient } = await tenantWithStats()
    const res = await ownerClient.put('/api/statsv2/999999/toggle-visibility', { hidden: true })
    expect(res.status).toBe(404)
    expect(res.body.message).toBe('Stat not found')
  })

  it('refuses another organization’s owner with 404 and changes nothing', async () => {
    const mine = await tenantWithStats()
    const theirs = await createTenant()
    const res = await theirs.ownerClient.put(`/api/statsv2/${mine.stats[0].id}/toggle-visibility`, { hidden: true })
    expect(res.status).toBe(404)
    expect((await storedStats(mine.org.id)).every((s) => s.isVisible)).toBe(true)
  })

  it('refuses anonymous visitors', async () => {
    const { org, stats } = await tenantWithStats()
    const res = await new Client().put(`/api/statsv2/${stats[0].id}/toggle-visibility`, { hidden: true })
    expect(res.status).toBe(401)
    expect((await storedStats(org.id)).every((s) => s.isVisible)).toBe(true)
  })
})

describe('stats: reorder', () => {
  it('saves a dragged order and answers the list in it', async () => {
    const { ownerClient, sport, stats } = await tenantWithStats()
    const reversed = [...stats].reverse().map((s, i) => ({ id: s.id, order: i + 1 }))
    const res = await ownerClient.put('/api/statsv2/reorder', { stats: reversed })
    expect(res.status).toBe(200)
    expect(res.body.stats.map((s: Stat) => s.abbreviation)).toEqual([...basketballDefaults].reverse())
    const listed = await ownerClient.get(`/api/statsv2/${sport.id}`)
    expect(listed.body.stats[0].abbreviation).toBe('3P%')
  })

  it('validates the list', async () => {
    const { ownerClient, stats } = await tenantWithStats()
    const missing = await ownerClient.put('/api/statsv2/reorder', {})
    expect(missing.status).toBe(400)
    expect(missing.body.fields.stats).toBeDefined()
    const empty = await ownerClient.put('/api/statsv2/reorder', { stats: [] })
    expect(empty.body.fields.stats).toBe('Nothing to reorder')
    const twice = await ownerClient.put('/api/statsv2/reorder', {
      stats: [
        { id: stats[0].id, order: 1 },
        { id: stats[0].id, order: 2 },
      ],
    })
    expect(twice.body.fields.stats).toBe('Each id may appear only once')
    const fraction = await ownerClient.put('/api/statsv2/reorder', { stats: [{ id: stats[0].id, order: 1.5 }] })
    expect(fraction.body.fields['stats.0.order']).toBe('Order must be a whole number')
  })

  it('answers an unknown id with 404 and changes no order', async () => {
    const { ownerClient, org } = await tenantWithStats()
    const before = await storedStats(org.id)
    const res = await ownerClient.put('/api/statsv2/reorder', {
      stats: [
        { id: before[0].id, order: 50 },
        { id: 999999, order: 1 },
      ],
    })
    expect(res.status).toBe(404)
    expect(await storedStats(org.id)).toEqual(before)
  })

  it('is atomic: one foreign id refuses the whole list, in both organizations', async () => {
    const mine = await tenantWithStats()
    const theirs = await tenantWithStats()
    const mineBefore = await storedStats(mine.org.id)
    const theirsBefore = await storedStats(theirs.org.id)
    const res = await mine.ownerClient.put('/api/statsv2/reorder', {
      stats: [
        { id: mineBefore[0].id, order: 40 },
        { id: mineBefore[1].id, order: 30 },
        { id: theirsBefore[0].id, order: 20 },
      ],
    })
    expect(res.status).toBe(404)
    expect(await storedStats(mine.org.id)).toEqual(mineBefore)
    expect(await storedStats(theirs.org.id)).toEqual(theirsBefore)
  })

  it('refuses anonymous visitors', async () => {
    const { org, stats } = await tenantWithStats()
    const before = await storedStats(org.id)
    const res = await new Client().put('/api/statsv2/reorder', { stats: [{ id: stats[0].id, order: 9 }] })
    expect(res.status).toBe(401)
    expect(await storedStats(org.id)).toEqual(before)
  })
})

describe('stats: reset to default', () => {
  it('restores the defaults visible and in order, re-creating a missing one', async () => {
    const { ownerClient, org, sport, stats } = await tenantWithStats()
    const pts = stats.find((s) => s.abbreviation === 'PTS')!
    await ownerClient.put(`/api/statsv2/${pts.id}/toggle-visibility`, { hidden: true })
    await ownerClient.put('/api/statsv2/reorder', { stats: [{ id: pts.id, order: 99 }] })
    await db()
      .delete(statDefinitions)
      .where(and(eq(statDefinitions.organizationId, org.id), eq(statDefinitions.abbreviation, 'AST')))
    const res = await ownerClient.post(`/api/statsv2/reset/${sport.id}`)
    expect(res.status).toBe(200)
    expect(res.body.stats.map((s: Stat) => s.abbreviation)).toEqual(basketballDefaults)
    expect(res.body.stats.map((s: Stat) => s.order)).toEqual(basketballDefaults.map((_, i) => i + 1))
    expect(res.body.stats.every((s: Stat) => s.is_visible)).toBe(true)
    // The same row comes back: values recorded under it keep their stat.
    expect(res.body.stats[0].id).toBe(pts.id)
  })

  it('keeps a custom stat with recorded values, hidden after the defaults, and never deletes the values', async () => {
    const { ownerClient, org, sport } = await tenantWithStats()
    const used = await addCustomStat(org.id, sport.id, 'DNK', 1)
    const unused = await addCustomStat(org.id, sport.id, 'CHG', 2)
    const value = await recordStatValue(org.id, used.id)
    const res = await ownerClient.post(`/api/statsv2/reset/${sport.id}`)
    expect(res.status).toBe(200)
    expect(res.body.stats.map((s: Stat) => s.abbreviation)).toEqual([...basketballDefaults, 'DNK'])
    expect(res.body.stats.at(-1)).toMatchObject({ id: used.id, is_visible: false, order: basketballDefaults.length + 1 })
    expect(res.body.stats.some((s: Stat) => s.id === unused.id)).toBe(false)
    const kept = await db().select().from(playerGameStats).where(eq(playerGameStats.id, value.id))
    expect(kept).toEqual([value])
  })

  it('answers an unknown sport with 404', async () => {
    const { ownerClient, org } = await tenantWithStats()
    const before = await storedStats(org.id)
    const res = await ownerClient.post('/api/statsv2/reset/999999')
    expect(res.status).toBe(404)
    expect(res.body.message).toBe('Sport not found')
    expect(await storedStats(org.id)).toEqual(before)
  })

  it('resets only the caller’s organization', async () => {
    const mine = await tenantWithStats()
    const theirs = await tenantWithStats()
    await addCustomStat(theirs.org.id, theirs.sport.id, 'XTR')
    const before = await storedStats(theirs.org.id)
    const res = await mine.ownerClient.post(`/api/statsv2/reset/${mine.sport.id}?organization_id=${theirs.org.id}`)
    expect(res.status).toBe(200)
    expect(await storedStats(theirs.org.id)).toEqual(before)
  })

  it('refuses anonymous visitors', async () => {
    const sport = await basketball()
    const res = await new Client().post(`/api/statsv2/reset/${sport.id}`)
    expect(res.status).toBe(401)
  })
})
