// Answers of an organization's content pages (docs/reference/public-site.md §2.6, §2.7).
import { z } from 'zod'

/** The keys of the pages the organization has (home, registration, leagueInfo, …). */
export const sitePageKeys = z.object({ pages: z.array(z.string()) })
export type SitePageKeys = z.output<typeof sitePageKeys>

/** One stored page: its document, shaped per page (worker/domain/site-content.ts). */
export const sitePage = z.object({ key: z.string(), content: z.unknown() })
export type SitePage = z.output<typeof sitePage>
export const oneSitePage = z.object({ page: sitePage })
