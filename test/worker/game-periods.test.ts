import { asc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { gamePeriods, games, periodScores, teams } from '../../worker/db/schema'
import { defaultGamePeriods } from '../../worker/domain/defaults'
import { Client } from '../helpers/client'
import { basketball, createSuperAdmin, createTenant, db, unique } from '../helpers/factories'

type Period = { id: number; name: string; order: number; hidden: boolean; sportId: number }

const basketballDefaults = defaultGamePeriods.basketball

/** An organization with the basketball default periods, made through the Reset to Default call. */
async function tenantWithPeriods() {
  const tenant = await createTenant()
  const sport = await basketball()
  const res = await tenant.ownerClient.post(`/api/gamePeriods/reset/${sport.id}`)
  expect(res.status).toBe(200)
  return { ...tenant, sport, periods: res.body.periods as Period[] }
}

/** Records a period score of a game of the organization. */
async function recordPeriodScore(orgId: number, gamePeriodId: number) {
  const [home, away] = await db()
    .insert(teams)
    .values([
      { organizationId: orgId, name: unique('home') },
      { organizationId: orgId, name: unique('away') },
    ])
    .returning()
  const [game] = await db().insert(games).values({ organizationId: orgId, team1Id: home.id, team2Id: away.id }).returning()
  const [score] = await db()
    .insert(periodScores)
    .values({ organizationId: orgId, gameId: game.id, gamePeriodId, teamId: home.id, score: 21 })
    .returning()
  return score
}

const storedPeriods = (orgId: number) =>
  db()
    .select()
    .from(gamePeriods)
    .where(eq(gamePeriods.organizationId, orgId))
    .orderBy(asc(gamePeriods.order), asc(gamePeriods.id))

describe('game periods: list', () => {
  it('lists the organization’s periods of a sport in order, for staff and owner alike', async () => {
    const { staffClient, sport, periods } = await tenantWithPeriods()
    expect(periods.map((p) => p.name)).toEqual(basketballDefaults)
    const res = await staffClient.get(`/api/gamePeriods/${sport.id}`)
    expect(res.status).toBe(200)
    expect(res.body.periods).toEqual(periods)
    expect(res.body.periods[0]).toEqual({
      id: expect.any(Number),
      name: '1st Quarter',
      order: 1,
      hidden: false,
      sportId: sport.id,
    })
  })

  it('acts for another user of the same organization with userId', async () => {
    const { ownerClient, staff, sport, periods } = await tenantWithPeriods()
    const res = await ownerClient.get(`/api/gamePeriods/${sport.id}?userId=${staff.id}`)
    expect(res.status).toBe(200)
    expect(res.body.periods).toEqual(periods)
    // A client with nobody to act for sends an empty or "undefined" userId.
    expect((await ownerClient.get(`/api/gamePeriods/${sport.id}?userId=undefined`)).body.periods).toEqual(periods)
  })

  it('refuses a userId of another organization with 404, except to a super admin', async () => {
    const mine = await tenantWithPeriods()
    const theirs = await createTenant()
    const refused = await theirs.ownerClient.get(`/api/gamePeriods/${mine.sport.id}?userId=${mine.staff.id}`)
    expect(refused.status).toBe(404)
    expect(refused.body.message).toBe('User not found')
    const { client } = await createSuperAdmin()
    const allowed = await client.get(`/api/gamePeriods/${mine.sport.id}?userId=${mine.staff.id}`)
    expect(allowed.status).toBe(200)
    expect(allowed.body.periods).toEqual(mine.periods)
  })

  it('answers an unknown sport with 404 and a malformed userId with 400', async () => {
    const { ownerClient, sport } = await tenantWithPeriods()
    const unknown = await ownerClient.get('/api/gamePeriods/999999')
    expect(unknown.status).toBe(404)
    expect(unknown.body.message).toBe('Sport not found')
    const bad = await ownerClient.get(`/api/gamePeriods/${sport.id}?userId=abc`)
    expect(bad.status).toBe(400)
    expect(bad.body.fields.userId).toBe('userId must be a user id')
  })

  it('shows a signed-in user only their own organization’s periods', async () => {
    const mine = await tenantWithPeriods()
    const theirs = await createTenant()
    const res = await theirs.ownerClient.get(`/api/gamePeriods/${mine.sport.id}?organization_id=${mine.org.id}`)
    expect(res.body.periods).toEqual([])
  })

  it('refuses anonymous visitors', async () => {
    const { org, sport } = await tenantWithPeriods()
    const res = await new Client().get(`/api/gamePeriods/${sport.id}?slug=${org.slug}`)
    expect(res.status).toBe(401)
  })
})

describe('game periods: hide and unhide', () => {
  it('hides and unhides a period', async () => {
    const { staffClient, sport, periods } = await tenantWithPeriods()
    const overtime = periods.find((p) => p.name === 'Overtime')!
    const hidden = await staffClient.put(`/api/gamePeriods/hide/${overtime.id}`)
    expect(hidden.status).toBe(200)
    expect(hidden.body.period).toEqual({ ...overtime, hidden: true })
    const listed = await staffClient.get(`/api/gamePeriods/${sport.id}`)
    expect(listed.body.periods.find((p: Period) => p.id === overtime.id).hidden).toBe(true)
    const shown = await staffClient.put(`/api/gamePeriods/unhide/${overtime.id}`)
    expect(shown.body.period.hidden).toBe(false)
  })

  it('hides every period one by one (Hide All)', async () => {
    const { ownerClient, sport, periods } = await tenantWithPeriods()
    for (const period of periods) expect((await ownerClient.put(`/api/gamePeriods/hide/${period.id}`)).status).toBe(200)
    const listed = await ownerClient.get(`/api/gamePeriods/${sport.id}`)
    expect(listed.body.periods.every((p: Period) => p.hidden)).toBe(true)
  })

  it('validates the id', async () => {
    const { ownerClient } = await tenantWithPeriods()
    const res = await ownerClient.put('/api/gamePeriods/hide/99999999999999999999')
    expect(res.status).toBe(400)
    expect(res.body.fields.id).toBeDefined()
  })

  it('answers an unknown period with 404', async () => {
    const { ownerClient } = await tenantWithPeriods()
    for (const action of ['hide', 'unhide']) {
      const res = await ownerClient.put(`/api/gamePeriods/${action}/999999`)
      expect(res.status).toBe(404)
      expect(res.body.message).toBe('Game period not found')
    }
  })

  it('refuses another organization’s owner with 404 and changes nothing', async () => {
    const mine = await tenantWithPeriods()
    const theirs = await createTenant()
    const before = await storedPeriods(mine.org.id)
    expect((await theirs.ownerClient.put(`/api/gamePeriods/hide/${mine.periods[0].id}`)).status).toBe(404)
    expect(await storedPeriods(mine.org.id)).toEqual(before)
  })

  it('lets a super admin acting for a user hide that organization’s period', async () => {
    const { org, periods } = await tenantWithPeriods()
    const { client } = await createSuperAdmin()
    const res = await client.put(`/api/gamePeriods/hide/${periods[0].id}`)
    expect(res.status).toBe(200)
    expect((await storedPeriods(org.id))[0].hidden).toBe(true)
  })

  it('refuses anonymous visitors', async () => {
    const { org, periods } = await tenantWithPeriods()
    const before = await storedPeriods(org.id)
    expect((await new Client().put(`/api/gamePeriods/hide/${periods[0].id}`)).status).toBe(401)
    expect((await new Client().put(`/api/gamePeriods/unhide/${periods[0].id}`)).status).toBe(401)
    expect(await storedPeriods(org.id)).toEqual(before)
  })
})

describe('game periods: add', () => {
  it('appends a trimmed, shown period at the end', async () => {
    const { staffClient, sport } = await tenantWithPeriods()
    const res = await staffClient.post('/api/gamePeriods', { sportId: sport.id, name: '  Double Overtime ' })
    expect(res.status).toBe(201)
    expect(res.body.period).toEqual({
      id: expect.any(Number),
      name: 'Double Overtime',
      order: basketballDefaults.length + 1,
      hidden: false,
      sportId: sport.id,
    })
    const listed = await staffClient.get(`/api/gamePeriods/${sport.id}`)
    expect(listed.body.periods.at(-1).name).toBe('Double Overtime')
  })

  it('validates name and sport', async () => {
    const { ownerClient, sport } = await tenantWithPeriods()
    const blank = await ownerClient.post('/api/gamePeriods', { sportId: sport.id, name: '   ' })
    expect(blank.status).toBe(400)
    expect(blank.body.fields.name).toBe('Name is required')
    const long = await ownerClient.post('/api/gamePeriods', { sportId: sport.id, name: 'x'.repeat(61) })
    expect(long.body.fields.name).toBe('Name must be at most 60 characters')
    const noSport = await ownerClient.post('/api/gamePeriods', { name: 'Half' })
    expect(noSport.body.fields.sportId).toBe('Choose a sport')
  })

  it('refuses a name the sport already has, ignoring case, with 409', async () => {
    const { ownerClient, sport } = await tenantWithPeriods()
    const res = await ownerClient.post('/api/gamePeriods', { sportId: sport.id, name: 'final' })
    expect(res.status).toBe(409)
    expect(res.body.fields.name).toBe('Already exists')
    // The same name in another organization is no conflict.
    const other = await createTenant()
    expect((await other.ownerClient.post('/api/gamePeriods', { sportId: sport.id, name: 'final' })).status).toBe(201)
  })

  it('answers an unknown sport with 404', async () => {
    const { ownerClient, org } = await tenantWithPeriods()
    const before = await storedPeriods(org.id)
    const res = await ownerClient.post('/api/gamePeriods', { sportId: 999999, name: 'Half' })
    expect(res.status).toBe(404)
    expect(await storedPeriods(org.id)).toEqual(before)
  })

  it('adds for another user of the organization, and refuses another organization’s user with 404', async () => {
    const mine = await tenantWithPeriods()
    const theirs = await createTenant()
    const ok = await mine.ownerClient.post('/api/gamePeriods', { sportId: mine.sport.id, name: 'Half', userId: mine.staff.id })
    expect(ok.status).toBe(201)
    const before = await storedPeriods(mine.org.id)
    const refused = await theirs.ownerClient.post('/api/gamePeriods', {
      sportId: mine.sport.id,
      name: 'Pwned',
      userId: mine.staff.id,
    })
    expect(refused.status).toBe(404)
    expect(await storedPeriods(mine.org.id)).toEqual(before)
    expect(await storedPeriods(theirs.org.id)).toEqual([])
  })

  it('refuses anonymous visitors', async () => {
    const sport = await basketball()
    const res = await new Client().post('/api/gamePeriods', { sportId: sport.id, name: 'Half' })
    expect(res.status).toBe(401)
  })
})

describe('game periods: reorder', () => {
  it('saves a dragged order and answers the list in it', async () => {
    const { ownerClient, sport, periods } = await tenantWithPeriods()
    const reversed = [...periods].reverse().map((p, i) => ({ id: p.id, order: i + 1 }))
    const res = await ownerClient.put('/api/gamePeriods/reorder', { gamePeriods: reversed })
    expect(res.status).toBe(200)
    expect(res.body.periods.map((p: Period) => p.name)).toEqual([...basketballDefaults].reverse())
    expect((await ownerClient.get(`/api/gamePeriods/${sport.id}`)).body.periods[0].name).toBe('Final')
  })

  it('validates the list', async () => {
    const { ownerClient, periods } = await tenantWithPeriods()
    const missing = await ownerClient.put('/api/gamePeriods/reorder', { periods: [] })
    expect(missing.status).toBe(400)
    expect(missing.body.fields.gamePeriods).toBeDefined()
    const negative = await ownerClient.put('/api/gamePeriods/reorder', { gamePeriods: [{ id: periods[0].id, order: -1 }] })
    expect(negative.body.fields['gamePeriods.0.order']).toBeDefined()
  })

  it('answers an unknown id with 404 and changes no order', async () => {
    const { ownerClient, org, periods } = await tenantWithPeriods()
    const before = await storedPeriods(org.id)
    const res = await ownerClient.put('/api/gamePeriods/reorder', {
      gamePeriods: [
        { id: periods[0].id, order: 9 },
        { id: 999999, order: 1 },
      ],
    })
    expect(res.status).toBe(404)
    expect(await storedPeriods(org.id)).toEqual(before)
  })

  it('is atomic: one foreign id refuses the whole list, in both organizations', async () => {
    const mine = await tenantWithPeriods()
    const theirs = await tenantWithPeriods()
    const mineBefore = await storedPeriods(mine.org.id)
    const theirsBefore = await storedPeriods(theirs.org.id)
    const res = await mine.ownerClient.put('/api/gamePeriods/reorder', {
      gamePeriods: [
        { id: mine.periods[0].id, order: 9 },
        { id: theirs.periods[0].id, order: 1 },
      ],
    })
    expect(res.status).toBe(404)
    expect(await storedPeriods(mine.org.id)).toEqual(mineBefore)
    expect(await storedPeriods(theirs.org.id)).toEqual(theirsBefore)
  })

  it('refuses anonymous visitors', async () => {
    const { periods } = await tenantWithPeriods()
    expect((await new Client().put('/api/gamePeriods/reorder', { gamePeriods: [{ id: periods[0].id, order: 3 }] })).status).toBe(
      401,
    )
  })
})

describe('game periods: reset to default', () => {
  it('restores the defaults shown and in order, keeping the same rows', async () => {
    const { ownerClient, sport, periods } = await tenantWithPeriods()
    const final = periods.find((p) => p.name === 'Final')!
    await ownerClient.put(`/api/gamePeriods/hide/${final.id}`)
    await ownerClient.put('/api/gamePeriods/reorder', { gamePeriods: [{ id: final.id, order: 0 }] })
    const res = await ownerClient.post(`/api/gamePeriods/reset/${sport.id}`)
    expect(res.status).toBe(200)
    expect(res.body.periods).toEqual(periods)
  })

  it('keeps a custom period with scores hidden after the defaults, deletes an unused one, never deletes scores', async () => {
    const { ownerClient, org, sport } = await tenantWithPeriods()
    const used = (await ownerClient.post('/api/gamePeriods', { sportId: sport.id, name: 'Halftime' })).body.period as Period
    const unused = (await ownerClient.post('/api/gamePeriods', { sportId: sport.id, name: 'Warmup' })).body.period as Period
    await ownerClient.put('/api/gamePeriods/reorder', { gamePeriods: [{ id: used.id, order: 0 }] })
    const score = await recordPeriodScore(org.id, used.id)
    const res = await ownerClient.post(`/api/gamePeriods/reset/${sport.id}`, {})
    expect(res.status).toBe(200)
    expect(res.body.periods.map((p: Period) => p.name)).toEqual([...basketballDefaults, 'Halftime'])
    expect(res.body.periods.at(-1)).toEqual({ ...used, order: basketballDefaults.length + 1, hidden: true })
    expect(res.body.periods.some((p: Period) => p.id === unused.id)).toBe(false)
    expect(await db().select().from(periodScores).where(eq(periodScores.id, score.id))).toEqual([score])
  })

  it('answers an unknown sport with 404', async () => {
    const { ownerClient } = await tenantWithPeriods()
    const res = await ownerClient.post('/api/gamePeriods/reset/999999')
    expect(res.status).toBe(404)
    expect(res.body.message).toBe('Sport not found')
  })

  it('refuses another organization’s user as userId with 404 and changes nothing', async () => {
    const mine = await tenantWithPeriods()
    const theirs = await createTenant()
    await mine.ownerClient.post('/api/gamePeriods', { sportId: mine.sport.id, name: 'Warmup' })
    const before = await storedPeriods(mine.org.id)
    const res = await theirs.ownerClient.post(`/api/gamePeriods/reset/${mine.sport.id}`, { userId: mine.owner.id })
    expect(res.status).toBe(404)
    expect(await storedPeriods(mine.org.id)).toEqual(before)
  })

  it('validates userId', async () => {
    const { ownerClient, sport } = await tenantWithPeriods()
    const res = await ownerClient.post(`/api/gamePeriods/reset/${sport.id}`, { userId: 'someone' })
    expect(res.status).toBe(400)
    expect(res.body.fields.userId).toBe('userId must be a user id')
  })

  it('refuses anonymous visitors', async () => {
    const sport = await basketball()
    expect((await new Client().post(`/api/gamePeriods/reset/${sport.id}`)).status).toBe(401)
  })
})
