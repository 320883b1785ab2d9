// The captain's score report (docs/members.md "Score reports"): GET and PUT /api/member/games/{id}/report.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { MemberReport, ReportLine, ReportState, reportBody } from '../../../../worker/contract/score-reports'
import { api, apiRequest } from '../../lib/api-client'
import { type Tenant, tenantKey, tenantQuery } from '../../lib/tenant'

export type { MemberReport, ReportLine, ReportState }
export type ReportInput = z.input<typeof reportBody>

export const memberReportKey = (tenant: Tenant, gameId: number) => ['member-report', tenantKey(tenant), gameId] as const

export function useMemberReport(tenant: Tenant, gameId: number) {
  return useQuery({
    queryKey: memberReportKey(tenant, gameId),
    queryFn: () => api.get<MemberReport>(`/api/member/games/${gameId}/report`, tenantQuery(tenant)),
    enabled: Number.isInteger(gameId) && gameId > 0,
    // A refusal (not signed in, not a captain) is an answer, not a hiccup to retry.
    retry: false,
  })
}

export function useSendReport(tenant: Tenant, gameId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: ReportInput) =>
      apiRequest<MemberReport>(`/api/member/games/${gameId}/report`, { method: 'PUT', json: input, query: tenantQuery(tenant) }),
    onSuccess: (answer) => queryClient.setQueryData(memberReportKey(tenant, gameId), answer),
    onError: () => queryClient.invalidateQueries({ queryKey: memberReportKey(tenant, gameId) }),
  })
}
