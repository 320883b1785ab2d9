import { Hono } from 'hono'
import { z } from 'zod'
import { attributeList, attributeVisibility, newAttribute, oneAttribute } from '../contract/settings'
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
import { organizationDefaults } from '../lib/i18n'
import { answers } from '../lib/openapi'
import { idParam, validate } from '../lib/validate'
import { actingOrganization, readerOrgId, rowScope } from '../middleware/tenant'
import { orderList, reorderInOneOrganization } from './stats'

const attributeOrder = z.object({ attributes: orderList })

// Roles: staff and organization owners manage their organization's player attributes alike (docs/reference/league-admin.md §6).
export const playerAttributesRoutes = new Hono<AppEnv>()
  // Public too (the public player profile shows Number and Position); the admin screen reads its own.
  .get('/', answers("The organization's player attributes", { 200: attributeList }), async (c) => {
    const orgId = await readerOrgId(c)
    return c.json({ attributes: (await listPlayerAttributes(c.var.db, orgId)).map(attributeJson) })
  })
  .post('/', answers('Add a player attribute', { 201: oneAttribute }), validate('json', newAttribute), async (c) => {
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
    answers('Show or hide a player attribute', { 200: oneAttribute }),
    validate('param', idParam),
    validate('json', attributeVisibility),
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
  .post('/reset', answers('Reset the player attributes to the defaults', { 200: attributeList }), async (c) => {
    const orgId = await actingOrganization(c)
    // The defaults in the organization's language (docs/decisions/2026-11-28-default-names-language.md).
    const defaults = await organizationDefaults(c, orgId)
    return c.json({ attributes: (await resetPlayerAttributes(c.var.db, orgId, defaults)).map(attributeJson) })
  })
  .put('/reorder', answers('Reorder player attributes', { 200: attributeList }), validate('json', attributeOrder), async (c) => {
    const { attributes: changes } = c.req.valid('json')
    const attributes = await reorderInOneOrganization(c, changes, 'Attribute', playerAttributesByIds, (orgId) =>
      reorderPlayerAttributes(c.var.db, orgId, changes),
    )
    return c.json({ attributes: attributes.map(attributeJson) })
  })
