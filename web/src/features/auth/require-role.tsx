import type { ReactNode } from 'react'
import { type Role, useAuth } from '../../lib/auth'
import { useT } from '../../lib/i18n'

/** A signed-in user without the role sees "Not authorized" (e.g. /organizations, docs/reference/public-site.md §6). */
export function RequireRole({ allow, children }: { allow: Role; children: ReactNode }) {
  const { user } = useAuth()
  const t = useT()
  if (user?.role !== allow) {
    return (
      <section className="admin-page">
        <h1 className="page-title">{t('admin.role.notAuthorized')}</h1>
        <p className="muted">{t('admin.role.noAccess')}</p>
      </section>
    )
  }
  return children
}
