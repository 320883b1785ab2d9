// The schedule's writes (signed-in screens only): apart from ./api so that a visitor's schedule
// never downloads react-query's mutation code (docs/reference/performance.md §4, first-load budget).
import { api } from '../../lib/api-client'
import { areaWrites } from '../../lib/area-writes'
import type { GameChangesInput, NewGameInput } from './api'
import type { ScheduleGame } from './schedule-rows'

/** Games changed: every schedule, game page and team page may show them. */
const useGamesWrite = areaWrites((queryClient) =>
  queryClient.invalidateQueries({
    predicate: ({ queryKey }) =>
      queryKey[0] !== 'auth' && !(queryKey[0] === 'schedule' && queryKey[1] === 'admin' && queryKey[2] !== 'games'),
  }),
)

export const useCreateGame = () =>
  useGamesWrite((input: NewGameInput) => api.post<{ game: ScheduleGame }>('/api/games', input).then((body) => body.game))

export const useUpdateGame = () =>
  useGamesWrite(({ id, input }: { id: number; input: GameChangesInput }) =>
    api.put<{ game: ScheduleGame }>(`/api/games/${id}`, input).then((body) => body.game),
  )

/** DELETE /api/games/{id}: 409 when the game has a box score, unless confirmed. */
export const useDeleteGame = () =>
  useGamesWrite(({ id, confirm }: { id: number; confirm: boolean }) =>
    api.delete(confirm ? `/api/games/${id}?confirm=true` : `/api/games/${id}`),
  )
