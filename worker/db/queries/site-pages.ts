import { and, eq } from 'drizzle-orm'
import type { Db } from '../client'
import { sitePages } from '../schema'

export function getSitePage(db: Db, orgId: number, key: string) {
  return db.query.sitePages.findFirst({ where: and(eq(sitePages.organizationId, orgId), eq(sitePages.pageKey, key)) })
}

export async function listSitePageKeys(db: Db, orgId: number) {
  const rows = await db.select({ key: sitePages.pageKey }).from(sitePages).where(eq(sitePages.organizationId, orgId))
  return rows.map((r) => r.key)
}
