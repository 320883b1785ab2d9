import { useEffect, useId } from 'react'
import { Link, useSearchParams } from 'react-router'
import { FacebookIcon, InstagramIcon } from '../../components/icons'
import { EmptyState, ErrorState, Loading } from '../../components/status'
import { DIRECTORY_OPTIONS, type DirectoryBusiness, type DirectoryFilterName, type DirectoryFilters, useDirectory } from './api'
import './directory.css'

const FILTERS: { name: DirectoryFilterName; label: string; all: string }[] = [
  { name: 'sport', label: 'Sport', all: 'All sports' },
  { name: 'category', label: 'Category', all: 'All categories' },
  { name: 'state', label: 'State', all: 'All states' },
  { name: 'city', label: 'City', all: 'All cities' },
  { name: 'signupStatus', label: 'Sign-up status', all: 'Any status' },
]

const SIGNUP_LABELS: Record<string, string> = { active: 'Sign-ups open', closed: 'Sign-ups closed' }

const optionLabel = (name: DirectoryFilterName, value: string) =>
  name === 'signupStatus' ? (SIGNUP_LABELS[value] ?? value) : value.charAt(0).toUpperCase() + value.slice(1)

/** "basketball,tennis" → ["Basketball", "Tennis"] */
const valuesOf = (field: string | null) =>
  (field ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean)
    .map((value) => value.charAt(0).toUpperCase() + value.slice(1))

/** "2025-09-15" → "September 15, 2025" (a calendar date: no time zone shift). */
function calendarDate(value: string): string {
  const [year, month, day] = value.split('-').map(Number)
  if (!year || !month || !day) return value
  return new Date(Date.UTC(year, month - 1, day)).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  })
}

/** Where a card leads: the business's own website, else its organization's site. */
export function listingTarget(business: Pick<DirectoryBusiness, 'website' | 'organization'>): {
  href: string
  external: boolean
} {
  if (business.website) return { href: business.website, external: true }
  const { domain, slug } = business.organization
  if (domain) return { href: `https://${domain}`, external: true }
  return { href: `/${encodeURIComponent(slug)}`, external: false }
}

function filtersFrom(params: URLSearchParams): DirectoryFilters {
  const filters: DirectoryFilters = {}
  for (const { name } of FILTERS) {
    const value = params.get(name)
    if (value && (DIRECTORY_OPTIONS[name] as readonly string[]).includes(value)) filters[name] = value
  }
  return filters
}

/**
 * The platform's public directory (/browse, no navigation bar or footer: docs/reference/public-site.md §2.1): every
 * organization's business listings, filtered by sport, category, state, city and sign-up status.
 * The filters live in the address so a filtered list can be shared.
 */
export function BrowsePage() {
  const [params, setParams] = useSearchParams()
  const filters = filtersFrom(params)
  const directory = useDirectory(filters)
  const filtered = Object.keys(filters).length > 0
  const formId = useId()

  useEffect(() => {
    document.title = 'Browse · Courtside'
  }, [])

  const setFilter = (name: DirectoryFilterName, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        if (value) next.set(name, value)
        else next.delete(name)
        return next
      },
      { replace: true },
    )

  let body: React.ReactNode
  if (directory.isPending) body = <Loading text="Loading listings..." />
  else if (directory.isError) body = <ErrorState message="Listings could not be loaded." onRetry={() => directory.refetch()} />
  else if (directory.data.length === 0)
    body = <EmptyState>{filtered ? 'No listings match these filters.' : 'No listings yet.'}</EmptyState>
  else
    body = (
      <ul className="directory-list" aria-busy={directory.isPlaceholderData}>
        {directory.data.map((business) => (
          <li key={business.id}>
            <BusinessCard business={business} />
          </li>
        ))}
      </ul>
    )

  return (
    <main className="page directory" id="main">
      <header className="directory-header">
        <h1 className="page-title">Browse</h1>
        <p className="lead">Leagues, clubs and programs on Courtside. Find one near you and sign up.</p>
      </header>
      <search className="directory-filters" aria-label="Filter listings">
        {FILTERS.map(({ name, label, all }) => (
          <div key={name} className="field">
            <label htmlFor={`${formId}-${name}`}>{label}</label>
            <select
              id={`${formId}-${name}`}
              value={filters[name] ?? ''}
              onChange={(event) => setFilter(name, event.target.value)}
            >
              <option value="">{all}</option>
              {DIRECTORY_OPTIONS[name].map((value) => (
                <option key={value} value={value}>
                  {optionLabel(name, value)}
                </option>
              ))}
            </select>
          </div>
        ))}
        {filtered ? (
          <button type="button" className="button directory-clear" onClick={() => setParams({}, { replace: true })}>
            Clear filters
          </button>
        ) : null}
      </search>
      <div aria-live="polite" className="directory-count">
        {directory.data && !directory.isPending
          ? `${directory.data.length} ${directory.data.length === 1 ? 'listing' : 'listings'}`
          : null}
      </div>
      {body}
    </main>
  )
}

function BusinessCard({ business }: { business: DirectoryBusiness }) {
  const target = listingTarget(business)
  const tags = [...valuesOf(business.sport), ...valuesOf(business.category)]
  const place = [valuesOf(business.city).join(', '), valuesOf(business.state).join(', ')].filter(Boolean).join(' · ')
  const facts: [string, string | null][] = [
    ['Location', business.location],
    ['Season', business.season],
    ['Next season', business.nextSeason],
    ['Sign-up deadline', business.signupDeadline ? calendarDate(business.signupDeadline) : null],
    ['Cost', business.cost],
    ['Skill level', business.skillLevel],
  ]
  const targetHost = target.external ? target.href.replace(/^https?:\/\//i, '').replace(/\/$/, '') : null

  return (
    <article className="directory-card">
      <header className="directory-card-head">
        <h2>
          {target.external ? (
            <a href={target.href} target="_blank" rel="noopener noreferrer">
              {business.name}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          ) : (
            <Link to={target.href}>{business.name}</Link>
          )}
        </h2>
        {business.signupStatus ? (
          <span className={`signup-badge signup-${business.signupStatus}`}>{SIGNUP_LABELS[business.signupStatus]}</span>
        ) : null}
      </header>
      <p className="directory-org">
        {business.organization.name}
        {targetHost ? <span className="directory-host"> · {targetHost}</span> : null}
      </p>
      {place ? <p className="directory-place">{place}</p> : null}
      {tags.length > 0 ? (
        <ul className="directory-tags" aria-label="Sports and categories">
          {tags.map((tag) => (
            <li key={tag}>{tag}</li>
          ))}
        </ul>
      ) : null}
      <dl className="directory-facts">
        {facts
          .filter((fact): fact is [string, string] => Boolean(fact[1]))
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      <ContactLinks business={business} />
    </article>
  )
}

function ContactLinks({ business }: { business: DirectoryBusiness }) {
  const hasAny = business.phone || business.email || business.facebook || business.instagram
  if (!hasAny) return null
  return (
    <ul className="directory-contact">
      {business.phone ? (
        <li>
          <a href={`tel:${business.phone.replace(/[^\d+]/g, '')}`}>{business.phone}</a>
        </li>
      ) : null}
      {business.email ? (
        <li>
          <a href={`mailto:${business.email}`}>{business.email}</a>
        </li>
      ) : null}
      {business.facebook ? (
        <li>
          <a href={business.facebook} target="_blank" rel="noopener noreferrer" aria-label={`${business.name} on Facebook`}>
            <FacebookIcon />
          </a>
        </li>
      ) : null}
      {business.instagram ? (
        <li>
          <a href={business.instagram} target="_blank" rel="noopener noreferrer" aria-label={`${business.name} on Instagram`}>
            <InstagramIcon />
          </a>
        </li>
      ) : null}
    </ul>
  )
}
