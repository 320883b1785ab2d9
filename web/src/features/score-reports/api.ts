// The staff queue of captains' score reports (docs/members.md "Score reports").
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { QueuedGame, ScoreReport } from '../../../../worker/contract/score-reports'
import { api } from '../../lib/api-client'

export type { QueuedGame, ScoreReport }

export const scoreReportKeys = { queue: ['score-reports'] as const }

export const useScoreReportQueue = () =>
  useQuery({
    queryKey: scoreReportKeys.queue,
    queryFn: () => api.get<{ games: QueuedGame[]; count: number }>('/api/score-reports'),
  })

/** One click: the game becomes final with this team's report (refused when the report changed since it was read). */
export function useSettle() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ gameId, report }: { gameId: number; report: ScoreReport }) =>
      api.post(`/api/score-reports/${gameId}/settle`, { teamId: report.teamId, version: report.version }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: scoreReportKeys.queue }),
  })
}
