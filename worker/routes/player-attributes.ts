import { Hono } from 'hono'
import { z } from 'zod'
import {
  attributeJson,
  createPlayerAttribute,
  findAttributeByName,
  listPlayerAttributes,
  playerAttributesByIds,
  reorderPlayerAttributes,
  resetPlayerAttributes,
  setAttributeVisibility,
} from '../db/queries/player-attributes'
import type { AppEnv } from '../env'
import { ApiError, notFound } from '../lib/errors'
import { idParam, requiredText, validate } from '../lib/validate'
import { actingOrganization, readerOrgId, rowScope } from '../middleware/tenant'
import { oneOrganization, orderList } from './stats'

// docs/reference/league-admin.md §9: string, number, date; the screen's labels Text, Number, Date are accepted too.
const attributeType = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v
    const type = v.trim().toLowerCase()
    return type === 'text' ? 'string' : type
  },
  z.enum(['string', 'number', 'date'], 'Type must be Text, Number or Date'),
)

const newAttribute = z.object({
  name: requiredText('Name', 60),
  type: attributeType,
})

// Roles: staff and organization owners manage their organization's player attributes alike (docs/reference/league-admin.md §6).
export const playerAttributesRoutes = new Hono<AppEnv>()
  // Public too (the public player profile shows Number and Position); the admin screen reads its own.
  .get('/', async (c) => {
    const orgId = await readerOrgId(c)
    return c.json({ attributes: (await listPlayerAttributes(c.var.db, orgId)).map(attributeJson) })
  })
  .post('/', validate('json', newAttribute), async (c) => {
    const orgId = await actingOrganization(c)
    const { name, type } = c.req.valid('json')
    if (await findAttributeByName(c.var.db, orgId, name)) {
      throw new ApiError(409, 'An attribute with this name already exists', { name: 'Already exists' })
    }
    const attribute = await createPlayerAttribute(c.var.db, orgId, name, type)
    return c.json({ attribute: attributeJson(attribute) }, 201)
  })
  .put(
    '/:id{[0-9]+}/toggleAttributeVisibility',
    validate('param', idParam),
    validate('json', z.object({ is_visible: z.boolean('is_visible must be true or false') })),
    async (c) => {
      const attribute = await setAttributeVisibility(
        c.var.db,
        rowScope(c),
        c.req.valid('param').id,
        c.req.valid('json').is_visible,
      )
      if (!attribute) throw notFound('Attribute')
      return c.json({ attribute: attributeJson(attribute) })
    },
  )
  .post('/reset', async (c) => {
    const orgId = await actingOrganization(c)
    return c.json({ attributes: (await resetPlayerAttributes(c.var.db, orgId)).map(attributeJson) })
  })
  .put('/reorder', validate('json', z.object({ attributes: orderList })), async (c) => {
    const { attributes: changes } = c.req.valid('json')
    const found = await playerAttributesByIds(
      c.var.db,
      rowScope(c),
      changes.map((a) => a.id),
    )
    const orgId = oneOrganization(found, changes.length, 'Attribute')
    const attributes = await reorderPlayerAttributes(c.var.db, orgId, changes)
    return c.json({ attributes: attributes.map(attributeJson) })
  })
