import { Hono } from 'hono'
import { z } from 'zod'
import { oneSitePage, sitePageKeys } from '../contract/site-pages'
import { getSitePage, listSitePageKeys } from '../db/queries/site-pages'
import type { AppEnv } from '../env'
import { notFound } from '../lib/errors'
import { answers } from '../lib/openapi'
import { validate } from '../lib/validate'
import { publicOrg } from '../middleware/tenant'

const pageKey = z.object({ key: z.string().regex(/^[A-Za-z][A-Za-z0-9-]{0,40}$/, 'Unknown page') })

/** An organization's own content pages (home, registration, league info, …) as stored data. */
export const sitePagesRoutes = new Hono<AppEnv>()
  .get('/', answers("The keys of the organization's content pages", { 200: sitePageKeys }), async (c) => {
    const org = await publicOrg(c)
    return c.json({ pages: await listSitePageKeys(c.var.db, org.id) })
  })
  .get('/:key', answers('One content page', { 200: oneSitePage }), validate('param', pageKey), async (c) => {
    const org = await publicOrg(c)
    const { key } = c.req.valid('param')
    const page = await getSitePage(c.var.db, org.id, key)
    if (!page) throw notFound('Page')
    return c.json({ page: { key: page.pageKey, content: page.content } })
  })
