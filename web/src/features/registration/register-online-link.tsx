import { Link } from 'react-router'
import { useSite } from '../../app/site-context'
import { useT } from '../../lib/i18n'
import { sitePath } from '../../lib/tenant'
import { useForms } from './registration-api'

/** docs/registration.md: the spec's registration page links to the online forms when the organization has any. */
export function RegisterOnlineLink() {
  const t = useT()
  const { tenant } = useSite()
  const forms = useForms(tenant)
  if (!forms.data || forms.data.length === 0) return null
  return (
    <p className="register-online">
      <Link className="button button-primary button-large" to={sitePath(tenant, 'register')}>
        {t('register.online')}
      </Link>
    </p>
  )
}
