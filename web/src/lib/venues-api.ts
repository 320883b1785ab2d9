// The organization's venues (docs/venues.md), read by the Venues screen, the game forms' venue
// picker and the schedule builder's courts section.
import { useQuery } from '@tanstack/react-query'
import type { Venue } from '../../../worker/contract/venues'
import { api } from './api-client'

export const venueKeys = { list: ['venues'] as const }

export const fetchVenues = () => api.get<{ venues: Venue[] }>('/api/venues').then((body) => body.venues)

export const useVenues = () => useQuery({ queryKey: venueKeys.list, queryFn: fetchVenues })
