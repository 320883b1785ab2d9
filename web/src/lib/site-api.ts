import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query'
import type { Listing, Organization as SiteOrganization } from '../../../worker/contract/organizations'
import type { SitePage, SitePageKeys } from '../../../worker/contract/site-pages'
import type { HomeContent } from '../../../worker/domain/site-content'
import { ApiError, api } from './api-client'
import { type Tenant, tenantKey, tenantQuery } from './tenant'

export type { HomeContent } from '../../../worker/domain/site-content'
export type { Listing, SiteOrganization }

import type { StatLeaders } from '../../../worker/contract/records'

export type { StatLeaders }

/** 404s are answers here (unknown organization, no page yet): don't retry them. */
const noRetryOn404 = (failureCount: number, error: Error) =>
  !(error instanceof ApiError && error.status < 500) && failureCount < 2

export const siteKeys = {
  all: ['site'] as const,
  organization: (tenant: Tenant) => ['site', 'organization', tenantKey(tenant)] as const,
  listings: ['site', 'listings'] as const,
  pageKeys: (tenant: Tenant) => ['site', 'pages', tenantKey(tenant)] as const,
  page: (tenant: Tenant, key: string) => ['site', 'page', tenantKey(tenant), key] as const,
  statLeaders: (tenant: Tenant) => ['site', 'stat-leaders', tenantKey(tenant)] as const,
}

export function fetchSiteOrganization(tenant: Tenant) {
  const path =
    tenant.kind === 'slug'
      ? `/api/organizations/slug/${encodeURIComponent(tenant.slug)}`
      : `/api/organizations/domain/${encodeURIComponent(tenant.domain)}`
  return api.get<{ organization: SiteOrganization }>(path).then((body) => body.organization)
}

export const siteOrganizationQuery = (tenant: Tenant) =>
  queryOptions({
    queryKey: siteKeys.organization(tenant),
    queryFn: () => fetchSiteOrganization(tenant),
    staleTime: 5 * 60_000,
    retry: noRetryOn404,
  })

export const useSiteOrganization = (tenant: Tenant | null) =>
  useQuery({ ...siteOrganizationQuery(tenant ?? { kind: 'slug', slug: '' }), enabled: tenant !== null })

export const fetchListings = () =>
  api.get<{ organizations: Listing[] }>('/api/organizations/listings').then((body) => body.organizations)

export const useListings = () => useQuery({ queryKey: siteKeys.listings, queryFn: fetchListings })

/** The content pages the organization has (home, registration, leagueInfo, …): its stored page keys. */
export const fetchSitePageKeys = (tenant: Tenant) =>
  api.get<SitePageKeys>('/api/site-pages', tenantQuery(tenant)).then((body) => body.pages)

export const sitePageKeysQuery = (tenant: Tenant) =>
  queryOptions({
    queryKey: siteKeys.pageKeys(tenant),
    queryFn: () => fetchSitePageKeys(tenant),
    staleTime: 5 * 60_000,
    retry: noRetryOn404,
  })

export const useSitePageKeys = (tenant: Tenant, enabled = true) => useQuery({ ...sitePageKeysQuery(tenant), enabled })

/** One stored content page's document; `null` when the organization has no such page (404). */
export async function fetchSitePage<Content>(tenant: Tenant, key: string): Promise<Content | null> {
  try {
    // The page's document is shaped per page (worker/domain/site-content.ts): the caller names it.
    const body = await api.get<{ page: SitePage & { content: Content } }>(
      `/api/site-pages/${encodeURIComponent(key)}`,
      tenantQuery(tenant),
    )
    return body.page?.content ?? null
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null
    throw error
  }
}

export const sitePageQuery = <Content>(tenant: Tenant, key: string) =>
  queryOptions({
    queryKey: siteKeys.page(tenant, key),
    queryFn: () => fetchSitePage<Content>(tenant, key),
    staleTime: 5 * 60_000,
    retry: noRetryOn404,
  })

/** The main league's home content; `null` when the organization has none yet. */
export const useHomeContent = (tenant: Tenant) => useQuery(sitePageQuery<HomeContent>(tenant, 'home'))

/** Top stat leaders; `null` when there are none to show (404). */
export async function fetchStatLeaders(tenant: Tenant): Promise<StatLeaders | null> {
  try {
    return await api.get<StatLeaders>('/api/stat-leaders', tenantQuery(tenant))
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null
    throw error
  }
}

const statLeadersQuery = (tenant: Tenant) =>
  queryOptions({ queryKey: siteKeys.statLeaders(tenant), queryFn: () => fetchStatLeaders(tenant), retry: noRetryOn404 })

export const useStatLeaders = (tenant: Tenant) => useQuery(statLeadersQuery(tenant))

/** The home's content, which depends on the organization's home variant — before the page renders. */
export function prefetchHome(client: QueryClient, tenant: Tenant) {
  client
    .fetchQuery(siteOrganizationQuery(tenant))
    .then((organization) => {
      if (organization.homeVariant === 'stat_leaders') void client.prefetchQuery(statLeadersQuery(tenant))
      if (organization.homeVariant === 'history') void client.prefetchQuery(sitePageQuery<HomeContent>(tenant, 'home'))
    })
    .catch(() => undefined) // the layout shows the failure
}
