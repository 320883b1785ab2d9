import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../lib/api-client'
import type { SiteOrganization } from '../../lib/site-api'

export type Role = 'super_admin' | 'org_owner' | 'staff'

export interface Sport {
  id: number
  name: string
  type?: string
}

/** The organization as the public site reads it (lib/site-api.ts), with what its admin screens add. */
export interface Organization extends Omit<SiteOrganization, 'sports'> {
  /** Sent back with an edit (docs/api-concurrency.md). */
  version?: number
  sports: Sport[]
  /** Super admin only: the domain's Cloudflare custom hostname (null: no domain, or feature off). */
  customHostname?: CustomHostname | null
}

export interface CustomHostnameRecord {
  type: 'CNAME' | 'TXT'
  name: string
  value: string
  purpose: 'routing' | 'ownership' | 'certificate'
}

export interface CustomHostname {
  id: string | null
  hostname: string
  status: 'pending' | 'active' | 'failed'
  hostnameStatus: string | null
  sslStatus: string | null
  records: CustomHostnameRecord[]
  cnameTarget: string | null
  error: string | null
  lastCheckedAt: string | null
  pendingAction: 'register' | 'refresh' | null
  retryAt: string | null
}

export interface OrganizationList {
  organizations: Organization[]
  /** Super admin only: false when the Worker has no Cloudflare credentials (domains not registered). */
  customHostnamesEnabled?: boolean
  cnameTarget?: string | null
}

export interface OrganizationUser {
  id: number
  username: string
  email: string | null
  role: Role
  organization_id: number
  sportIds: number[]
  sports?: Sport[]
  resetPassword: boolean
  theme?: 'light' | 'dark'
}

export interface OrganizationInput {
  name: string
  domain: string
  slug: string
  theme: 'light' | 'dark'
  facebook_url: string
  instagram_url: string
  youtube_url: string
  customPageUrl: string
  customSite: boolean
  navigation: 'full' | 'small'
  homeVariant: 'history' | 'stat_leaders' | 'empty'
  sportIds: number[]
  logo: File | null
  /** The version the form was opened on; absent when creating. */
  version?: number
}

export interface NewUserInput {
  username: string
  email: string
  password: string
  role: Role
  organization_id: number
  sportIds: number[]
}

export interface UserUpdateInput {
  username: string
  email: string
  /** Omitted for a super admin: the form assigns only owner or staff. */
  role?: Role
  resetPassword: boolean
  sportIds: number[]
}

export const organizationKeys = {
  all: ['organizations'] as const,
  list: ['organizations', 'list'] as const,
  detail: (id: number) => ['organizations', 'detail', id] as const,
  sports: ['sports'] as const,
}

/** docs/reference/public-site.md §7: organization create and update are multipart, with the spec's field names. */
export function organizationForm(input: OrganizationInput): FormData {
  const form = new FormData()
  form.set('name', input.name.trim())
  form.set('domain', input.domain.trim())
  form.set('slug', input.slug.trim())
  form.set('theme', input.theme)
  form.set('facebook_url', input.facebook_url.trim())
  form.set('instagram_url', input.instagram_url.trim())
  form.set('youtube_url', input.youtube_url.trim())
  form.set('customPageUrl', input.customPageUrl.trim())
  form.set('customSite', input.customSite ? 'true' : 'false')
  form.set('navigation', input.navigation)
  form.set('homeVariant', input.homeVariant)
  for (const id of input.sportIds) form.append('sportIds[]', String(id))
  // No sport checked: one empty entry says "none" (an absent field would leave the sports unchanged).
  if (input.sportIds.length === 0) form.append('sportIds[]', '')
  if (input.logo) form.set('logo', input.logo)
  if (input.version) form.set('version', String(input.version))
  return form
}

export const fetchOrganizations = () => api.get<OrganizationList>('/api/organizations')

export const fetchOrganization = (id: number) =>
  api
    .get<{ organization: Organization & { users: OrganizationUser[] } }>(`/api/organizations/${id}`)
    .then((body) => body.organization)

export const fetchSports = () => api.get<{ sports: Sport[] }>('/api/sportsv2').then((body) => body.sports)

/** While a custom hostname is pending the list refreshes itself (the scheduled trigger moves it on). */
const PENDING_REFRESH_MS = 30_000

export const useOrganizations = (enabled = true) =>
  useQuery({
    queryKey: organizationKeys.list,
    queryFn: fetchOrganizations,
    enabled,
    refetchInterval: (query) =>
      query.state.data?.organizations.some((o) => o.customHostname?.status === 'pending') ? PENDING_REFRESH_MS : false,
  })

export const useOrganization = (id: number) =>
  useQuery({ queryKey: organizationKeys.detail(id), queryFn: () => fetchOrganization(id) })

export const useSports = () => useQuery({ queryKey: organizationKeys.sports, queryFn: fetchSports, staleTime: 10 * 60_000 })

/** Organization writes change the admin lists and whatever public site pages are cached. */
function useInvalidateOrganizations() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: organizationKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['site'] }),
    ])
}

export function useCreateOrganization() {
  const invalidate = useInvalidateOrganizations()
  return useMutation({
    mutationFn: (input: OrganizationInput) =>
      api.postForm<{ organization: Organization }>('/api/organizations', organizationForm(input)).then((b) => b.organization),
    onSuccess: invalidate,
  })
}

export function useUpdateOrganization() {
  const invalidate = useInvalidateOrganizations()
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: OrganizationInput }) =>
      api
        .putForm<{ organization: Organization }>(`/api/organizations/${id}`, organizationForm(input))
        .then((b) => b.organization),
    onSuccess: invalidate,
    // A 409 from a stale copy: the list is read again, so reopening the form shows what is saved.
    onError: invalidate,
  })
}

export function useDeleteOrganization() {
  const invalidate = useInvalidateOrganizations()
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/organizations/${id}`),
    onSuccess: invalidate,
  })
}

/** "Check now": the Worker asks Cloudflare for the hostname's status (or registers it again). */
export function useCheckCustomHostname() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) =>
      api.post<{ organization: Organization }>(`/api/organizations/${id}/custom-hostname/check`, {}).then((b) => b.organization),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKeys.all }),
  })
}

export type UserResult = { user: OrganizationUser; tempPassword?: string }

export function useCreateUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: NewUserInput) => api.post<UserResult>('/api/usersv2', input),
    onSuccess: (_result, input) => queryClient.invalidateQueries({ queryKey: organizationKeys.detail(input.organization_id) }),
  })
}

export function useUpdateUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: { id: number; organizationId: number; input: UserUpdateInput }) =>
      api.put<UserResult>(`/api/usersv2/${id}`, input),
    onSuccess: (_result, { organizationId }) =>
      queryClient.invalidateQueries({ queryKey: organizationKeys.detail(organizationId) }),
  })
}

export function useDeleteUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id }: { id: number; organizationId: number }) => api.delete(`/api/usersv2/${id}`),
    onSuccess: (_result, { organizationId }) =>
      queryClient.invalidateQueries({ queryKey: organizationKeys.detail(organizationId) }),
  })
}
