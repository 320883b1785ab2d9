import { Link } from 'react-router'
import { FacebookIcon, InstagramIcon, YoutubeIcon } from '../../components/icons'
import { useT } from '../../lib/i18n'
import type { SiteOrganization } from '../../lib/site-api'
import { LanguageSwitch } from './language-switch'

interface SiteFooterProps {
  /** Absent on the platform's own sign-in page. */
  organization?: SiteOrganization | null
  loginPath: string
  /** The players' own sign-in (docs/members.md); absent on the platform's pages. */
  memberPath?: string
}

/** docs/reference/public-site.md §2.4: social icons only when set, the credit, the copyright line, Admin Sign In. */
export function SiteFooter({ organization, loginPath, memberPath }: SiteFooterProps) {
  const t = useT()
  const year = new Date().getFullYear()
  const owner = organization?.slug ? organization.slug.toUpperCase() : t('footer.league')
  const socials = [
    { url: organization?.facebook_url, label: 'Facebook', icon: <FacebookIcon /> },
    { url: organization?.instagram_url, label: 'Instagram', icon: <InstagramIcon /> },
    { url: organization?.youtube_url, label: 'YouTube', icon: <YoutubeIcon /> },
  ].filter((social) => Boolean(social.url))

  return (
    <footer className="site-footer">
      {socials.length > 0 ? (
        <ul className="social-links">
          {socials.map((social) => (
            <li key={social.label}>
              <a href={social.url ?? undefined} aria-label={social.label} target="_blank" rel="noopener noreferrer">
                {social.icon}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {organization ? <LanguageSwitch languages={organization.languages} /> : null}
      <p className="footer-credit">{t('footer.credit')}</p>
      <p className="footer-copyright">{t('footer.copyright', { year: String(year), owner })}</p>
      {memberPath ? (
        <Link to={memberPath} className="footer-member">
          {t('footer.memberSignIn')}
        </Link>
      ) : null}
      <Link to={loginPath} className="footer-login">
        {t('footer.signIn')}
      </Link>
    </footer>
  )
}
