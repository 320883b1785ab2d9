import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { useSite } from '../../app/site-context'
import { api } from '../../lib/api-client'
import { useT } from '../../lib/i18n'
import { sitePath, tenantKey, tenantQuery } from '../../lib/tenant'

/** docs/registration.md: the spec's registration page links to the online forms when the organization has any. */
export function RegisterOnlineLink() {
  const t = useT()
  const { tenant } = useSite()
  // The registration feature's own key for the same list (docs/registration.md "Signing up").
  const forms = useQuery({
    queryKey: ['registration', tenantKey(tenant), 'forms'],
    queryFn: () => api.get<{ forms: unknown[] }>('/api/registration/forms', tenantQuery(tenant)).then((b) => b.forms),
  })
  if (!forms.data || forms.data.length === 0) return null
  return (
    <p className="register-online">
      <Link className="button button-primary button-large" to={sitePath(tenant, 'register')}>
        {t('register.online')}
      </Link>
    </p>
  )
}
