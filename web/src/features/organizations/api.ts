import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { AdminOrganization as Organization, OrganizationList, Sport } from '../../../../worker/contract/organizations'
import type { newUser, User as OrganizationUser, SavedUser as UserResult, userChanges } from '../../../../worker/contract/users'
import { api } from '../../lib/api-client'

export type { CustomHostname, CustomHostnameRecord } from '../../../../worker/contract/organizations'
export type { Role } from '../../../../worker/contract/users'
export type { Organization, OrganizationList, OrganizationUser, Sport, UserResult }

/** The organization form's values (sent as multipart by organizationForm, with the spec's field names). */
export interface OrganizationInput {
  name: string
  domain: string
  slug: string
  theme: Organization['theme']
  facebook_url: string
  instagram_url: string
  youtube_url: string
  customPageUrl: string
  customSite: boolean
  navigation: Organization['navigation']
  homeVariant: Organization['homeVariant']
  timeZone: string
  /** The public site's language (docs/decisions/2026-11-28-languages.md); the others enabled stay as they are. */
  language: string
  /** `#rrggbb`, or empty for the theme's own (docs/site-look.md "Brand colours"). */
  brandPrimary: string
  brandAccent: string
  sportIds: number[]
  logo: File | null
  /** The version the form was opened on; absent when creating. */
  version?: number
}

/** POST /usersv2 as this screen sends it: always into the organization it is opened on. */
export type NewUserInput = z.input<typeof newUser> & { organization_id: number }

/** PUT /usersv2/{id} from the organization screen. */
export type UserUpdateInput = z.input<typeof userChanges>

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
  form.set('timeZone', input.timeZone)
  form.set('language', input.language)
  form.set('brandPrimary', input.brandPrimary.trim())
  form.set('brandAccent', input.brandAccent.trim())
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
