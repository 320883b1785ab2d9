// Pieces every answer shares (docs/decisions/2026-11-26-openapi-from-zod.md). The answer schemas
// in worker/contract/ are the one description of what the API sends: routes name them in the API
// document, the query shapers return their types, and the SPA imports those types.
import { z } from 'zod'

/** A row's id. */
export const rowId = z.number().int().positive()
/** Something named, by id: a team, a league, a season. */
export const named = z.object({ id: rowId, name: z.string() })
/** An image's address under /media (or null when there is none). */
export const imageUrl = z.string().nullable()
/** A team as every list shows it: id, name and logo. */
export const teamBadge = z.object({ id: rowId, name: z.string(), logo: imageUrl })
/** The copy's version, sent back with an edit (docs/api-concurrency.md). */
export const version = z.number().int().positive()
/** A calendar day written yyyy-MM-dd. */
export const day = z.string()
/** One page of a paged list (worker/lib/paging.ts): how many match, and the window asked for. */
export const pageFields = { total: z.number().int().nonnegative(), limit: z.number().int(), offset: z.number().int() }
/** A plain acknowledgement. */
export const done = z.object({ message: z.string() })
