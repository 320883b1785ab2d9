import { Link } from 'react-router'
import { FacebookIcon, InstagramIcon, YoutubeIcon } from '../../components/icons'
import type { SiteOrganization } from '../../lib/site-api'

interface SiteFooterProps {
  /** Absent on the platform's own sign-in page. */
  organization?: SiteOrganization | null
  loginPath: string
}

/** docs/reference/public-site.md §2.4: social icons only when set, the credit, the copyright line, Admin Sign In. */
export function SiteFooter({ organization, loginPath }: SiteFooterProps) {
  const year = new Date().getFullYear()
  const owner = organization?.slug ? organization.slug.toUpperCase() : 'LEAGUE'
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
      <p className="footer-credit">Site Powered by Courtside</p>
      <p className="footer-copyright">
        © {year} {owner}
      </p>
      <Link to={loginPath} className="footer-login">
        Admin Sign In
      </Link>
    </footer>
  )
}
