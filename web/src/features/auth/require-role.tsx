import type { ReactNode } from 'react'
import { type Role, useAuth } from '../../lib/auth'

/** A signed-in user without the role sees "Not authorized" (e.g. /organizations, docs/reference/public-site.md §6). */
export function RequireRole({ allow, children }: { allow: Role; children: ReactNode }) {
  const { user } = useAuth()
  if (user?.role !== allow) {
    return (
      <section className="admin-page">
        <h1 className="page-title">Not authorized</h1>
        <p className="muted">You don't have access to this page.</p>
      </section>
    )
  }
  return children
}
