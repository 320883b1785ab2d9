// The member's e-mail choices and the signed unsubscribe link (docs/notifications.md).
import { api, withQuery } from '../../lib/api-client'
import { type Tenant, tenantQuery } from '../../lib/tenant'

export const CATEGORIES = ['changes', 'results', 'invites', 'reminders', 'alerts'] as const
export type Category = (typeof CATEGORIES)[number]
export type Choices = Record<Category, 'email' | 'none'>

export const getChoices = (tenant: Tenant) => api.get<{ choices: Choices }>('/api/member/notifications', tenantQuery(tenant))
export const putChoices = (tenant: Tenant, choices: Partial<Choices>) =>
  api.put<{ choices: Choices }>(withQuery('/api/member/notifications', tenantQuery(tenant)), { choices })

export interface UnsubscribeLink {
  m: string
  k: string
  s: string
}
export const describeUnsubscribe = (tenant: Tenant, link: UnsubscribeLink) =>
  api.get<{ organization: string; category: string; done: boolean }>('/api/member/unsubscribe', {
    ...tenantQuery(tenant),
    ...link,
  })
export const unsubscribe = (tenant: Tenant, link: UnsubscribeLink) =>
  api.post<{ message: string; category: string }>(withQuery('/api/member/unsubscribe', { ...tenantQuery(tenant), ...link }))
