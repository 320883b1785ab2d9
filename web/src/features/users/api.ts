import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { newUser, User as OrganizationMember, SavedUser } from '../../../../worker/contract/users'
import { api } from '../../lib/api-client'

export type { OrganizationMember }

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
      api.put<Required<SavedUser>>(`/api/usersv2/${member.id}`, { resetPassword: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.list }),
  })
}

/** POST /usersv2 as an owner adds a member: into their own organization, never with a password. */
export type NewMemberInput = Omit<z.input<typeof newUser>, 'password' | 'organization_id'>

/** POST /api/usersv2 with no password: the temporary password comes back once. */
export function useAddMember() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: NewMemberInput) => api.post<Required<SavedUser>>('/api/usersv2', { ...input, password: null }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.list }),
  })
}

/** PUT /api/usersv2/{id} with a new role (staff or organization owner). */
export function useChangeRole() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ member, role }: { member: OrganizationMember; role: 'org_owner' | 'staff' }) =>
      api.put<{ user: OrganizationMember }>(`/api/usersv2/${member.id}`, { role }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberKeys.list }),
  })
}

/** DELETE /api/usersv2/{id}: the user's sessions end with the account. */
export function useRemoveMember() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (member: OrganizationMember) => api.delete(`/api/usersv2/${member.id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.list }),
  })
}
