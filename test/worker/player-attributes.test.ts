import { asc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { playerAttributes, playerAttributeValues, players } from '../../worker/db/schema'
import { Client } from '../helpers/client'
import { createSuperAdmin, createTenant, db, unique } from '../helpers/factories'

type Attribute = { id: number; attribute_name: string; attribute_type: string; is_visible: boolean; order: number }

/** An organization with Number and Position, made through the Reset to Default call. */
async function tenantWithAttributes() {
  const tenant = await createTenant()
  const res = await tenant.ownerClient.post('/api/playerAttributes/reset')
  expect(res.status).toBe(200)
  return { ...tenant, attributes: res.body.attributes as Attribute[] }
}

/** Stores a value of the attribute on a new player of the organization. */
async function recordAttributeValue(orgId: number, attributeId: number, value: string | null = '6 ft 2') {
  const [player] = await db()
    .insert(players)
    .values({ organizationId: orgId, firstName: 'Ann', lastName: unique('Lee') })
    .returning()
  const [stored] = await db()
    .insert(playerAttributeValues)
    .values({ organizationId: orgId, playerId: player.id, attributeId, value })
    .returning()
  return stored
}

const storedAttributes = (orgId: number) =>
  db()
    .select()
    .from(playerAttributes)
    .where(eq(playerAttributes.organizationId, orgId))
    .orderBy(asc(playerAttributes.order), asc(playerAttributes.id))

describe('player attributes: list', () => {
  it('lists the organization’s attributes in order, for staff and owner alike', async () => {
    const { staffClient, attributes } = await tenantWithAttributes()
    expect(attributes).toEqual([
      { id: expect.any(Number), attribute_name: 'Number', attribute_type: 'number', is_visible: true, order: 1 },
      { id: expect.any(Number), attribute_name: 'Position', attribute_type: 'string', is_visible: true, order: 2 },
    ])
    const res = await staffClient.get('/api/playerAttributes')
    expect(res.status).toBe(200)
    expect(res.body.attributes).toEqual(attributes)
  })

  it('serves the public site by slug', async () => {
    const { org, attributes } = await tenantWithAttributes()
    const res = await new Client().get(`/api/playerAttributes?slug=${org.slug}`)
    expect(res.status).toBe(200)
    expect(res.body.attributes).toEqual(attributes)
  })

  it('answers an unknown organization with 404, and a visitor without a site too', async () => {
    expect((await new Client().get('/api/playerAttributes?slug=no-such-league')).status).toBe(404)
    const anonymous = await new Client().get('/api/playerAttributes')
    expect(anonymous.status).toBe(404)
    expect(anonymous.body.message).toBe('Organization not found')
  })

  it('never shows another organization’s attributes to a signed-in user', async () => {
    const mine = await tenantWithAttributes()
    const theirs = await createTenant()
    const res = await theirs.ownerClient.get(`/api/playerAttributes?organization_id=${mine.org.id}`)
    expect(res.body.attributes).toEqual([])
  })

  it('lets a super admin read another organization’s attributes with organization_id', async () => {
    const { org, attributes } = await tenantWithAttributes()
    const { client } = await createSuperAdmin()
    expect((await client.get(`/api/playerAttributes?organization_id=${org.id}`)).body.attributes).toEqual(attributes)
  })
})

describe('player attributes: add', () => {
  it('adds a visible attribute at the end, taking the screen’s type labels', async () => {
    const { staffClient } = await tenantWithAttributes()
    const height = await staffClient.post('/api/playerAttributes', { name: ' Height ', type: 'Text' })
    expect(height.status).toBe(201)
    expect(height.body.attribute).toEqual({
      id: expect.any(Number),
      attribute_name: 'Height',
      attribute_type: 'string',
      is_visible: true,
      order: 3,
    })
    const born = await staffClient.post('/api/playerAttributes', { name: 'Birthday', type: 'DATE' })
    expect(born.body.attribute).toMatchObject({ attribute_type: 'date', order: 4 })
    const jersey = await staffClient.post('/api/playerAttributes', { name: 'Jersey size', type: 'number' })
    expect(jersey.body.attribute.attribute_type).toBe('number')
    const listed = await staffClient.get('/api/playerAttributes')
    expect(listed.body.attributes.map((a: Attribute) => a.attribute_name)).toEqual([
      'Number',
      'Position',
      'Height',
      'Birthday',
      'Jersey size',
    ])
  })

  it('validates name and type', async () => {
    const { ownerClient } = await tenantWithAttributes()
    const blank = await ownerClient.post('/api/playerAttributes', { name: '  ', type: 'string' })
    expect(blank.status).toBe(400)
    expect(blank.body.fields.name).toBe('Name is required')
    const badType = await ownerClient.post('/api/playerAttributes', { name: 'Shoe', type: 'boolean' })
    expect(badType.body.fields.type).toBe('Type must be Text, Number or Date')
  })

  it('refuses a name the organization already has, ignoring case, with 409', async () => {
    const { ownerClient } = await tenantWithAttributes()
    const res = await ownerClient.post('/api/playerAttributes', { name: 'position', type: 'string' })
    expect(res.status).toBe(409)
    expect(res.body.fields.name).toBe('Already exists')
  })

  it('adds to the caller’s own organization only', async () => {
    const mine = await tenantWithAttributes()
    const theirs = await tenantWithAttributes()
    const before = await storedAttributes(theirs.org.id)
    const res = await mine.ownerClient.post(`/api/playerAttributes?organization_id=${theirs.org.id}`, {
      name: 'Reach',
      type: 'number',
    })
    expect(res.status).toBe(201)
    expect(await storedAttributes(theirs.org.id)).toEqual(before)
    expect((await storedAttributes(mine.org.id)).map((a) => a.attributeName)).toContain('Reach')
  })

  it('answers a super admin’s unknown organization with 404', async () => {
    const { client } = await createSuperAdmin()
    const res = await client.post('/api/playerAttributes?organization_id=999999', { name: 'Reach', type: 'number' })
    expect(res.status).toBe(404)
    expect(res.body.message).toBe('Organization not found')
  })

  it('refuses anonymous visitors', async () => {
    expect((await new Client().post('/api/playerAttributes', { name: 'Reach', type: 'number' })).status).toBe(401)
  })
})

describe('player attributes: toggle visibility', () => {
  it('hides and shows an attribute', async () => {
    const { staffClient, attributes } = await tenantWithAttributes()
    const position = attributes[1]
    const hidden = await staffClient.put(`/api/playerAttributes/${position.id}/toggleAttributeVisibility`, { is_visible: false })
    expect(hidden.status).toBe(200)
    expect(hidden.body.attribute).toEqual({ ...position, is_visible: false })
    expect((await staffClient.get('/api/playerAttributes')).body.attributes[1].is_visible).toBe(false)
    const shown = await staffClient.put(`/api/playerAttributes/${position.id}/toggleAttributeVisibility`, { is_visible: true })
    expect(shown.body.attribute.is_visible).toBe(true)
  })

  it('requires is_visible as a boolean', async () => {
    const { ownerClient, attributes } = await tenantWithAttributes()
    const res = await ownerClient.put(`/api/playerAttributes/${attributes[0].id}/toggleAttributeVisibility`, { is_visible: 'no' })
    expect(res.status).toBe(400)
    expect(res.body.fields.is_visible).toBe('is_visible must be true or false')
  })

  it('answers an unknown attribute with 404', async () => {
    const { ownerClient } = await tenantWithAttributes()
    const res = await ownerClient.put('/api/playerAttributes/999999/toggleAttributeVisibility', { is_visible: false })
    expect(res.status).toBe(404)
    expect(res.body.message).toBe('Attribute not found')
  })

  it('refuses another organization’s owner with 404 and changes nothing', async () => {
    const mine = await tenantWithAttributes()
    const theirs = await createTenant()
    const before = await storedAttributes(mine.org.id)
    const res = await theirs.ownerClient.put(`/api/playerAttributes/${mine.attributes[0].id}/toggleAttributeVisibility`, {
      is_visible: false,
    })
    expect(res.status).toBe(404)
    expect(await storedAttributes(mine.org.id)).toEqual(before)
  })

  it('refuses anonymous visitors', async () => {
    const { attributes } = await tenantWithAttributes()
    const res = await new Client().put(`/api/playerAttributes/${attributes[0].id}/toggleAttributeVisibility`, {
      is_visible: false,
    })
    expect(res.status).toBe(401)
  })
})

describe('player attributes: reorder', () => {
  it('saves a dragged order and answers the list in it', async () => {
    const { ownerClient, attributes } = await tenantWithAttributes()
    const res = await ownerClient.put('/api/playerAttributes/reorder', {
      attributes: [
        { id: attributes[0].id, order: 2 },
        { id: attributes[1].id, order: 1 },
      ],
    })
    expect(res.status).toBe(200)
    expect(res.body.attributes.map((a: Attribute) => a.attribute_name)).toEqual(['Position', 'Number'])
    expect((await ownerClient.get('/api/playerAttributes')).body.attributes[0].attribute_name).toBe('Position')
  })

  it('validates the list', async () => {
    const { ownerClient } = await tenantWithAttributes()
    const res = await ownerClient.put('/api/playerAttributes/reorder', { attributes: 'Number,Position' })
    expect(res.status).toBe(400)
    expect(res.body.fields.attributes).toBe('Expected a list of { id, order }')
  })

  it('answers an unknown id with 404 and changes no order', async () => {
    const { ownerClient, org, attributes } = await tenantWithAttributes()
    const before = await storedAttributes(org.id)
    const res = await ownerClient.put('/api/playerAttributes/reorder', {
      attributes: [
        { id: attributes[0].id, order: 5 },
        { id: 999999, order: 1 },
      ],
    })
    expect(res.status).toBe(404)
    expect(await storedAttributes(org.id)).toEqual(before)
  })

  it('is atomic: one foreign id refuses the whole list, in both organizations', async () => {
    const mine = await tenantWithAttributes()
    const theirs = await tenantWithAttributes()
    const mineBefore = await storedAttributes(mine.org.id)
    const theirsBefore = await storedAttributes(theirs.org.id)
    const res = await mine.ownerClient.put('/api/playerAttributes/reorder', {
      attributes: [
        { id: mine.attributes[0].id, order: 2 },
        { id: mine.attributes[1].id, order: 1 },
        { id: theirs.attributes[0].id, order: 3 },
      ],
    })
    expect(res.status).toBe(404)
    expect(await storedAttributes(mine.org.id)).toEqual(mineBefore)
    expect(await storedAttributes(theirs.org.id)).toEqual(theirsBefore)
  })

  it('refuses anonymous visitors', async () => {
    const { attributes } = await tenantWithAttributes()
    const res = await new Client().put('/api/playerAttributes/reorder', { attributes: [{ id: attributes[0].id, order: 2 }] })
    expect(res.status).toBe(401)
  })
})

describe('player attributes: reset to default', () => {
  it('restores Number and Position visible and first, re-creating a missing one', async () => {
    const { ownerClient, org, attributes } = await tenantWithAttributes()
    await ownerClient.put(`/api/playerAttributes/${attributes[0].id}/toggleAttributeVisibility`, { is_visible: false })
    await ownerClient.put('/api/playerAttributes/reorder', { attributes: [{ id: attributes[0].id, order: 7 }] })
    await db().delete(playerAttributes).where(eq(playerAttributes.id, attributes[1].id))
    const res = await ownerClient.post('/api/playerAttributes/reset')
    expect(res.status).toBe(200)
    expect(res.body.attributes).toEqual([attributes[0], { ...attributes[1], id: expect.any(Number) }])
    expect(await storedAttributes(org.id)).toHaveLength(2)
  })

  it('keeps a custom attribute with values hidden after the defaults, deletes one without, never deletes values', async () => {
    const { ownerClient, org } = await tenantWithAttributes()
    const height = (await ownerClient.post('/api/playerAttributes', { name: 'Height', type: 'Text' })).body.attribute as Attribute
    const nickname = (await ownerClient.post('/api/playerAttributes', { name: 'Nickname', type: 'Text' })).body
      .attribute as Attribute
    await ownerClient.put('/api/playerAttributes/reorder', { attributes: [{ id: height.id, order: 0 }] })
    const value = await recordAttributeValue(org.id, height.id)
    await recordAttributeValue(org.id, nickname.id, '') // an empty cell records nothing
    const res = await ownerClient.post('/api/playerAttributes/reset')
    expect(res.status).toBe(200)
    expect(res.body.attributes.map((a: Attribute) => a.attribute_name)).toEqual(['Number', 'Position', 'Height'])
    expect(res.body.attributes[2]).toEqual({ ...height, is_visible: false, order: 3 })
    expect(await db().select().from(playerAttributeValues).where(eq(playerAttributeValues.id, value.id))).toEqual([value])
  })

  it('resets only the caller’s organization', async () => {
    const mine = await tenantWithAttributes()
    const theirs = await tenantWithAttributes()
    await theirs.ownerClient.post('/api/playerAttributes', { name: 'Wingspan', type: 'number' })
    const before = await storedAttributes(theirs.org.id)
    const res = await mine.ownerClient.post(`/api/playerAttributes/reset?organization_id=${theirs.org.id}`)
    expect(res.status).toBe(200)
    expect(await storedAttributes(theirs.org.id)).toEqual(before)
  })

  it('refuses anonymous visitors', async () => {
    expect((await new Client().post('/api/playerAttributes/reset')).status).toBe(401)
  })
})
