import { ADMIN_SEGMENTS } from '../../../worker/domain/segments'

/**
 * First path segments of the signed-in area (docs/reference/public-site.md §2.2, docs/reference/league-admin.md §2). The shell looks only at
 * the first segment to decide whether to load the admin chunk (admin-routes.tsx matches the rest):
 * these segments are never slugs (worker/domain/segments.ts), so an admin path outranks every
 * public route, as it would inside one route table.
 */
export { ADMIN_SEGMENTS }

/** docs/reference/league-admin.md §2: the admin variant of pages that also exist on a site; platform host only, signed in. */
export const SHARED_ADMIN_SEGMENTS = ['teamList', 'teams', 'playerList', 'players', 'player', 'schedule', 'games'] as const

type Segment = (typeof ADMIN_SEGMENTS)[number] | (typeof SHARED_ADMIN_SEGMENTS)[number]
/** An admin route's path: it starts with one of the segments above. */
export type AdminPath = Segment | `${Segment}/${string}`
