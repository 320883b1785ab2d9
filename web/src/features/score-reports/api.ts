// The staff queue of captains' score reports (docs/members.md "Score reports").
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { QueuedGame, ScoreReport } from '../../../../worker/contract/score-reports'
import { api } from '../../lib/api-client'

export type { QueuedGame, ScoreReport }

export const scoreReportKeys = { queue: ['score-reports'] as const, count: ['score-reports', 'count'] as const }

/** How many games wait in the queue (the sidebar's count): one small read, refreshed with the queue. */
export const useScoreReportCount = (enabled: boolean) =>
  useQuery({
    queryKey: scoreReportKeys.count,
    queryFn: () => api.get<{ count: number }>('/api/score-reports/count'),
    enabled,
    staleTime: 60_000,
    retry: false,
  }).data?.count ?? 0

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
