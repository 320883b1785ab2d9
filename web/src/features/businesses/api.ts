import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { Business, businessChanges, businessFields } from '../../../../worker/contract/businesses'
import type { BUSINESS_OPTIONS } from '../../../../worker/domain/businesses'
import { api, staleConflict } from '../../lib/api-client'

/** docs/reference/league-admin.md §9: the options of the multi-value fields (stored comma-separated, docs/reference/league-admin.md §3). */
export { BUSINESS_OPTIONS } from '../../../../worker/domain/businesses'

export type MultiField = keyof typeof BUSINESS_OPTIONS

export type { Business } from '../../../../worker/contract/businesses'

export type SignupStatus = Business['signupStatus']

/** What the form sends: every field (PUT too), with the version the edit was made from. */
export type BusinessInput = z.input<typeof businessFields> & Pick<z.input<typeof businessChanges>, 'version'>

export const businessKeys = { list: ['businesses'] as const }

export const fetchBusinesses = () => api.get<{ businesses: Business[] }>('/api/businesses').then((body) => body.businesses)

export const useBusinesses = () => useQuery({ queryKey: businessKeys.list, queryFn: fetchBusinesses })

export function useSaveBusiness() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: BusinessInput }) =>
      (id === null
        ? api.post<{ business: Business }>('/api/businesses', input)
        : api.put<{ business: Business }>(`/api/businesses/${id}`, input)
      ).then((body) => body.business),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: businessKeys.list }),
    // Someone saved first (409 with the current state): show the current values behind the message.
    onError: (error) => {
      if (staleConflict(error)) void queryClient.invalidateQueries({ queryKey: businessKeys.list })
    },
  })
}

export function useDeleteBusiness() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/businesses/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: businessKeys.list }),
  })
}

/** A stored comma-separated value as a list of options. */
export const splitValues = (value: string | null) =>
  (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
