import { type Tenant, tenantQuery } from './tenant'

/**
 * The subscribable iCalendar feed of a league or team (docs/reference/site-experience.md): a webcal:// address calendar apps
 * subscribe to (and refresh), for the same-origin /api/calendar feed.
 */
export function calendarFeedUrl(tenant: Tenant, kind: 'leagues' | 'teams', id: number | string): string {
  const query = new URLSearchParams(tenantQuery(tenant)).toString()
  const path = `/api/calendar/${kind}/${id}.ics${query ? `?${query}` : ''}`
  return `webcal://${window.location.host}${path}`
}
