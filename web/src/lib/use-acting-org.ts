// The screens' side of the super admin's chosen organization (lib/acting-org.ts,
// docs/decisions/2026-11-28-super-admin-acting-organization.md): read it, change it, and the
// organization a screen works on.
import { useQueryClient } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import { type ActingOrganization, actingOrganization, storeActingOrganization } from './acting-org'
import { useAuth } from './auth'

const listeners = new Set<() => void>()

export function setActingOrganization(org: ActingOrganization | null) {
  if (JSON.stringify(actingOrganization()) === JSON.stringify(org)) return
  storeActingOrganization(org)
  for (const notify of listeners) notify()
}

function subscribe(notify: () => void) {
  listeners.add(notify)
  return () => listeners.delete(notify)
}

export function useActingOrganization(): ActingOrganization | null {
  return useSyncExternalStore(subscribe, actingOrganization)
}

/** Queries that are not about the acting organization: kept when it changes. */
const KEPT = new Set(['auth', 'organizations', 'sports'])

/** Works on another organization from now on; every read of league data is read again for it. */
export function useChooseActingOrganization() {
  const queryClient = useQueryClient()
  return (org: ActingOrganization | null) => {
    if (actingOrganization()?.id === org?.id) return
    setActingOrganization(org)
    void queryClient.resetQueries({ predicate: (query) => !KEPT.has(String(query.queryKey[0])) })
  }
}

/** The organization the dashboard's screens work on: the user's own, or the one a super admin chose. */
export function useWorkingOrganization(): { id: number; name: string; slug: string | null; domain: string | null } | null {
  const { user } = useAuth()
  const acting = useActingOrganization()
  if (user?.role === 'super_admin' && acting)
    return { id: acting.id, name: acting.name, slug: acting.slug ?? null, domain: acting.domain ?? null }
  return user?.organization ?? null
}
