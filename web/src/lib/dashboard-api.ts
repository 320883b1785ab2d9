import { useQuery } from '@tanstack/react-query'
import type { DashboardJson } from '../../../worker/contract/dashboard'
import { api } from './api-client'

export type { DashboardJson }

/** The dashboard home: what needs attention now. Always asked again on open (other screens fix it). */
export const useDashboard = () =>
  useQuery({
    queryKey: ['dashboard'],
    queryFn: ({ signal }) => api.get<{ dashboard: DashboardJson }>('/api/dashboard', undefined, signal).then((b) => b.dashboard),
    staleTime: 0,
    refetchOnMount: 'always',
  })
