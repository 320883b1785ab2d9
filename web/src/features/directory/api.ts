import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { DirectoryBusiness } from '../../../../worker/contract/businesses'
import { api } from '../../lib/api-client'

// docs/reference/league-admin.md §9: the options of a listing's multi-value fields (the API's canonical spellings).
export const DIRECTORY_OPTIONS = {
  sport: ['basketball', 'baseball', 'tennis', 'volleyball'],
  category: ['men', 'women', 'adult', 'youth', 'co-ed'],
  state: ['California', 'New York', 'Texas'],
  city: ['Los Angeles', 'Buffalo', 'New York City', 'Houston'],
  signupStatus: ['active', 'closed'],
} as const

export type DirectoryFilterName = keyof typeof DIRECTORY_OPTIONS
export type DirectoryFilters = Partial<Record<DirectoryFilterName, string>>

export type { DirectoryBusiness } from '../../../../worker/contract/businesses'

export const directoryKeys = {
  all: ['directory'] as const,
  list: (filters: DirectoryFilters) => ['directory', filters] as const,
}

export const fetchDirectory = (filters: DirectoryFilters) =>
  api.get<{ businesses: DirectoryBusiness[] }>('/api/businesses/directory', filters).then((body) => body.businesses)

export const directoryQuery = (filters: DirectoryFilters) =>
  queryOptions({ queryKey: directoryKeys.list(filters), queryFn: () => fetchDirectory(filters) })

/** The listings for the filters; the previous results stay up while a new filter loads. */
export const useDirectory = (filters: DirectoryFilters) =>
  useQuery({ ...directoryQuery(filters), placeholderData: keepPreviousData })
