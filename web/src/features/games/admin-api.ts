// The game's writes (signed-in screens only): apart from ./api so that a visitor's game page never
// downloads react-query's mutation code (docs/reference/performance.md §4, first-load budget).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../lib/api-client'
import { type BoxScoreInput, type GameDetail, type GameDetailsInput, gameKeys, type ScoresInput } from './api'

/**
 * Every write answers with the fresh game detail: put it in the cache at once, and mark everything
 * else that may show this game (schedules, team pages, standings, player logs, leaderboards) stale.
 * Only mounted queries refetch, so on the game page this costs nothing.
 */
function useGameWrite<Input>(gameId: number, write: (input: Input) => Promise<GameDetail>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: write,
    onSuccess: (detail) => {
      queryClient.setQueryData(gameKeys.detail(null, gameId), detail)
      void queryClient.invalidateQueries({
        predicate: ({ queryKey }) =>
          queryKey[0] !== 'auth' && !(queryKey[0] === 'games' && queryKey[1] === 'detail' && queryKey[3] === gameId),
      })
    },
  })
}

export const useSaveBoxScore = (gameId: number) =>
  useGameWrite(gameId, (input: BoxScoreInput) => api.put<GameDetail>('/api/player-game-stats', input))

export const useSaveScores = (gameId: number) =>
  useGameWrite(gameId, (input: ScoresInput) => api.put<GameDetail>(`/api/gamesv2/${gameId}/scores`, input))

export const useSaveGameDetails = (gameId: number) =>
  useGameWrite(gameId, (input: GameDetailsInput) => api.put<GameDetail>(`/api/gamesv2/${gameId}/details`, input))
