import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useSite } from '../../../app/site-context'
import { useT } from '../../../lib/i18n'
import { sitePath } from '../../../lib/tenant'

const EXTERNAL = /^(https?:|mailto:|tel:|sms:)/i

interface SiteLinkProps {
  /** A site path ('/contact', prefixed with /{slug} on the platform host) or an external address. */
  href: string
  className?: string
  children: ReactNode
}

/** A link from stored content: site paths stay in the app, web addresses open in a new tab. */
export function SiteLink({ href, className, children }: SiteLinkProps) {
  const t = useT()
  const { tenant } = useSite()
  if (!EXTERNAL.test(href)) {
    return (
      <Link to={sitePath(tenant, href)} className={className}>
        {children}
      </Link>
    )
  }
  const newTab = /^https?:/i.test(href)
  return (
    <a href={href} className={className} {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {children}
      {newTab ? <span className="visually-hidden"> {t('common.newTab')}</span> : null}
    </a>
  )
}
