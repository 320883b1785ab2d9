// The super admin's "which organization" for the dashboard's screens
// (docs/decisions/2026-11-28-super-admin-acting-organization.md): a labelled choice in the top bar
// on every screen, and, while none is chosen, a prompt in place of the screens that work on one
// organization's league data.
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useEffect, useId } from 'react'
import { useNavigate } from 'react-router'
import type { OrganizationList } from '../../../../worker/contract/organizations'
import { api } from '../../lib/api-client'
import { useRichT, useT } from '../../lib/i18n'
import { setActingOrganization, useActingOrganization, useChooseActingOrganization } from '../../lib/use-acting-org'

/** The same query (key and answer) as the Organizations screen's list. */
const organizationsQuery = {
  queryKey: ['organizations', 'list'] as const,
  queryFn: () => api.get<OrganizationList>('/api/organizations'),
}

/** Screens a super admin uses across organizations: they need no organization chosen. */
export function worksAcrossOrganizations(pathname: string): boolean {
  return (
    pathname === '/dashboard/seasons' ||
    pathname.startsWith('/organizations') ||
    pathname.startsWith('/dashboard/auditTrail') ||
    pathname.startsWith('/userSettings')
  )
}

export function ActingOrganizationPicker() {
  const t = useT()
  const acting = useActingOrganization()
  const organizations = useQuery(organizationsQuery)
  const choose = useChooseActingOrganization()
  const navigate = useNavigate()
  const id = useId()
  const list = organizations.data?.organizations ?? []
  const known = list.find((org) => org.id === acting?.id)
  // Opened from a season, the choice has the name only: the list adds the site's slug and domain.
  useEffect(() => {
    if (known && (known.slug !== acting?.slug || known.name !== acting?.name || known.domain !== acting?.domain))
      setActingOrganization({ id: known.id, name: known.name, slug: known.slug, domain: known.domain })
  }, [known, acting])
  // The chosen organization is listed even before (or without) the list's answer.
  const options = acting && !list.some((org) => org.id === acting.id) ? [acting, ...list] : list
  return (
    <span className="topbar-organization">
      <label htmlFor={id} className="visually-hidden">
        {t('admin.acting.label')}
      </label>
      <select
        id={id}
        className="topbar-organization-select"
        value={acting?.id ?? ''}
        onChange={(event) => {
          const chosen = options.find((org) => org.id === Number(event.target.value))
          choose(chosen ? { id: chosen.id, name: chosen.name, slug: chosen.slug ?? null, domain: chosen.domain ?? null } : null)
          // A screen of one row (a season, a team…) belonged to the previous organization.
          if (!worksAcrossOrganizations(window.location.pathname) && /\/\d+/.test(window.location.pathname))
            navigate('/dashboard')
        }}
      >
        <option value="">{t('admin.acting.all')}</option>
        {options.map((org) => (
          <option key={org.id} value={org.id}>
            {org.name}
          </option>
        ))}
      </select>
    </span>
  )
}

/** While a super admin has chosen no organization, a screen of league data asks for one first. */
export function ActingOrganizationGate({ pathname, children }: { pathname: string; children: ReactNode }) {
  const acting = useActingOrganization()
  const t = useT()
  const rich = useRichT()
  if (acting || worksAcrossOrganizations(pathname)) return children
  return (
    <section className="admin-page">
      <div className="page-heading">
        <h1 className="page-title">{t('admin.acting.chooseTitle')}</h1>
      </div>
      <p>{rich('admin.acting.chooseText', { strong: (chunks) => <strong>{chunks}</strong> })}</p>
    </section>
  )
}
