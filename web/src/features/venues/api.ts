import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { Venue, venueInput } from '../../../../worker/contract/venues'
import { api, staleConflict } from '../../lib/api-client'

/** The days a court's hours name, as a schedule's game days are written (docs/venues.md). */
export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const
export type { Closure, Court, Venue } from '../../../../worker/contract/venues'

/** What the form sends: the whole venue with its courts and closures (docs/venues.md). */
export type VenueInput = z.input<typeof venueInput>

import { venueKeys } from '../../lib/venues-api'

export { fetchVenues, useVenues, venueKeys } from '../../lib/venues-api'

export function useSaveVenue() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: VenueInput }) =>
      (id === null
        ? api.post<{ venue: Venue }>('/api/venues', input)
        : api.put<{ venue: Venue }>(`/api/venues/${id}`, input)
      ).then((body) => body.venue),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: venueKeys.list }),
    onError: (error) => {
      if (staleConflict(error)) void queryClient.invalidateQueries({ queryKey: venueKeys.list })
    },
  })
}

/** A venue games use goes only with confirm=true (the dialog said how many first). */
export function useDeleteVenue() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (venue: Venue) =>
      api.delete(`/api/venues/${venue.id}?version=${venue.version}${venue.games > 0 ? '&confirm=true' : ''}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: venueKeys.list }),
  })
}
