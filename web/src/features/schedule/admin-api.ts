// The schedule's writes (signed-in screens only): apart from ./api so that a visitor's schedule
// never downloads react-query's mutation code (docs/reference/performance.md §4, first-load budget).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../lib/api-client'
import type { GameChangesInput, NewGameInput } from './api'
import type { ScheduleGame } from './schedule-rows'

/** Games changed: every schedule, game page and team page may show them. */
function useInvalidateGames() {
  const queryClient = useQueryClient()
  return () =>
    queryClient.invalidateQueries({
      predicate: ({ queryKey }) =>
        queryKey[0] !== 'auth' && !(queryKey[0] === 'schedule' && queryKey[1] === 'admin' && queryKey[2] !== 'games'),
    })
}

export function useCreateGame() {
  const invalidate = useInvalidateGames()
  return useMutation({
    mutationFn: (input: NewGameInput) => api.post<{ game: ScheduleGame }>('/api/games', input).then((body) => body.game),
    onSuccess: invalidate,
  })
}

export function useUpdateGame() {
  const invalidate = useInvalidateGames()
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: GameChangesInput }) =>
      api.put<{ game: ScheduleGame }>(`/api/games/${id}`, input).then((body) => body.game),
    onSuccess: invalidate,
  })
}

/** DELETE /api/games/{id}: 409 when the game has a box score, unless confirmed. */
export function useDeleteGame() {
  const invalidate = useInvalidateGames()
  return useMutation({
    mutationFn: ({ id, confirm }: { id: number; confirm: boolean }) =>
      api.delete(confirm ? `/api/games/${id}?confirm=true` : `/api/games/${id}`),
    onSuccess: invalidate,
  })
}
