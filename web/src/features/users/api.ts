import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../lib/api-client'
import type { Role } from '../auth/api'

export interface OrganizationMember {
  id: number
  username: string
  email: string | null
  role: Role
  resetPassword: boolean
}

export const memberKeys = { list: ['users', 'own-organization'] as const }

/** GET /api/usersv2: for an organization owner, the users of their own organization. */
export const useMembers = () =>
  useQuery({
    queryKey: memberKeys.list,
    queryFn: () => api.get<{ users: OrganizationMember[] }>('/api/usersv2').then((body) => body.users),
  })

/** PUT /api/usersv2/{id} with resetPassword: the temporary password comes back once. */
export function useResetPassword() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (member: OrganizationMember) =>
      api.put<{ user: OrganizationMember; tempPassword: string }>(`/api/usersv2/${member.id}`, { resetPassword: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.list }),
  })
}
