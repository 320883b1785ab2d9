// The admin lists' optional paging, search and season parameters
// (docs/decisions/2026-11-25-admin-paging.md). A request that sends none of them is answered
// exactly as before; one that sends any gets a page and, beside the list, `total`, `limit`,
// `offset` and the `seasonId` the page is about.
import type { Context } from 'hono'
import { z } from 'zod'

/** Rows of a page when the request names no limit. */
export const DEFAULT_PAGE = 50
/** The most rows one page may ask for (a season's teams fit in one, for a team choice). */
export const MAX_PAGE = 500

/** `limit`: 1 to `max` rows. */
export const pageLimit = (max = MAX_PAGE) =>
  z.coerce
    .number(`limit must be a number from 1 to ${max}`)
    .int(`limit must be a whole number from 1 to ${max}`)
    .min(1, `limit must be a number from 1 to ${max}`)
    .max(max, `limit must be a number from 1 to ${max}`)

/** `offset`: how many rows of the ordered list come before the page (0 for the first page). */
export const pageOffset = z.coerce
  .number('offset must be a number, 0 or more')
  .int('offset must be a whole number, 0 or more')
  .min(0, 'offset must be a number, 0 or more')
  .max(1_000_000, 'offset must be at most 1000000')

/** `q`: a search (case-insensitive, anywhere in the name); blank is no search. */
export const searchQuery = z
  .string()
  .trim()
  .max(100, 'Search is at most 100 characters')
  .transform((v) => (v === '' ? undefined : v))

/** `seasonId`: a season of the organization, or `active` for its active season. */
const SEASON_PARAM = 'seasonId must be a season id or "active"'
export const seasonParam = z.union(
  [
    z.literal('active'),
    z.coerce.number(SEASON_PARAM).int(SEASON_PARAM).positive(SEASON_PARAM).max(Number.MAX_SAFE_INTEGER, SEASON_PARAM),
  ],
  { error: SEASON_PARAM },
)

/** SQLite's lower() folds ASCII only: fold the search the same way so both sides agree. */
export const asciiLower = (text: string) => text.replace(/[A-Z]/g, (ch) => ch.toLowerCase())

export interface Page {
  limit: number
  offset: number
}

/** The page asked for: the default limit and the first page unless named. */
export const pageOf = (q: { limit?: number; offset?: number }): Page => ({
  limit: q.limit ?? DEFAULT_PAGE,
  offset: q.offset ?? 0,
})

/** Whether the request names any paging or search parameter: only then is the answer a page. */
export const isPaged = (c: Context, names: readonly string[] = ['q', 'limit', 'offset']) =>
  names.some((name) => c.req.query(name) !== undefined)
