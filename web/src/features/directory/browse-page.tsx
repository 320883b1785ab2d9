import { useEffect, useId } from 'react'
import { Link, useSearchParams } from 'react-router'
import { FacebookIcon, InstagramIcon } from '../../components/icons'
import { EmptyState, ErrorState, Loading } from '../../components/status'
import { formatDate } from '../../lib/format'
import { t, useT } from '../../lib/i18n'
import { DIRECTORY_OPTIONS, type DirectoryBusiness, type DirectoryFilterName, type DirectoryFilters, useDirectory } from './api'
import './directory.css'

/** Each filter with the catalog keys of its label and its "all" choice. */
const FILTERS: { name: DirectoryFilterName; label: string; all: string }[] = [
  { name: 'sport', label: 'directory.sport', all: 'directory.allSports' },
  { name: 'category', label: 'directory.category', all: 'directory.allCategories' },
  { name: 'state', label: 'directory.state', all: 'directory.allStates' },
  { name: 'city', label: 'directory.city', all: 'directory.allCities' },
  { name: 'signupStatus', label: 'directory.signupStatus', all: 'directory.anyStatus' },
]

/** The sign-up statuses' catalog keys. */
const SIGNUP_LABELS: Record<string, string> = { active: 'directory.signupsOpen', closed: 'directory.signupsClosed' }
const signupLabel = (value: string) => (SIGNUP_LABELS[value] ? t(SIGNUP_LABELS[value]) : value)

const optionLabel = (name: DirectoryFilterName, value: string) =>
  name === 'signupStatus' ? signupLabel(value) : value.charAt(0).toUpperCase() + value.slice(1)

/** "basketball,tennis" → ["Basketball", "Tennis"] */
const valuesOf = (field: string | null) =>
  (field ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean)
    .map((value) => value.charAt(0).toUpperCase() + value.slice(1))

/** "2025-09-15" → "September 15, 2025" in the page's language (a calendar date: no time zone shift). */
function calendarDate(value: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDate(value, 'UTC') : value
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
  const t = useT()
  const [params, setParams] = useSearchParams()
  const filters = filtersFrom(params)
  const directory = useDirectory(filters)
  const filtered = Object.keys(filters).length > 0
  const formId = useId()

  const title = t('directory.documentTitle')
  useEffect(() => {
    document.title = title
  }, [title])

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
  if (directory.isPending) body = <Loading text={t('directory.loading')} />
  else if (directory.isError) body = <ErrorState message={t('listings.loadError')} onRetry={() => directory.refetch()} />
  else if (directory.data.length === 0) body = <EmptyState>{filtered ? t('directory.noMatch') : t('listings.none')}</EmptyState>
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
        <h1 className="page-title">{t('directory.title')}</h1>
        <p className="lead">{t('directory.lead')}</p>
      </header>
      <search className="directory-filters" aria-label={t('directory.filters')}>
        {FILTERS.map(({ name, label, all }) => (
          <div key={name} className="field">
            <label htmlFor={`${formId}-${name}`}>{t(label)}</label>
            <select
              id={`${formId}-${name}`}
              value={filters[name] ?? ''}
              onChange={(event) => setFilter(name, event.target.value)}
            >
              <option value="">{t(all)}</option>
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
            {t('directory.clear')}
          </button>
        ) : null}
      </search>
      <div aria-live="polite" className="directory-count">
        {directory.data && !directory.isPending ? t('directory.count', { count: directory.data.length }) : null}
      </div>
      {body}
    </main>
  )
}

function BusinessCard({ business }: { business: DirectoryBusiness }) {
  const t = useT()
  const target = listingTarget(business)
  const tags = [...valuesOf(business.sport), ...valuesOf(business.category)]
  const place = [valuesOf(business.city).join(', '), valuesOf(business.state).join(', ')].filter(Boolean).join(' · ')
  const facts: [string, string | null][] = [
    [t('directory.location'), business.location],
    [t('directory.season'), business.season],
    [t('directory.nextSeason'), business.nextSeason],
    [t('directory.signupDeadline'), business.signupDeadline ? calendarDate(business.signupDeadline) : null],
    [t('directory.cost'), business.cost],
    [t('directory.skillLevel'), business.skillLevel],
  ]
  const targetHost = target.external ? target.href.replace(/^https?:\/\//i, '').replace(/\/$/, '') : null

  return (
    <article className="directory-card">
      <header className="directory-card-head">
        <h2>
          {target.external ? (
            <a href={target.href} target="_blank" rel="noopener noreferrer">
              {business.name}
              <span className="visually-hidden"> {t('directory.newTab')}</span>
            </a>
          ) : (
            <Link to={target.href}>{business.name}</Link>
          )}
        </h2>
        {business.signupStatus ? (
          <span className={`signup-badge signup-${business.signupStatus}`}>{signupLabel(business.signupStatus)}</span>
        ) : null}
      </header>
      <p className="directory-org">
        {business.organization.name}
        {targetHost ? <span className="directory-host"> · {targetHost}</span> : null}
      </p>
      {place ? <p className="directory-place">{place}</p> : null}
      {tags.length > 0 ? (
        <ul className="directory-tags" aria-label={t('directory.tags')}>
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
  const t = useT()
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
          <a
            href={business.facebook}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('directory.onNetwork', { business: business.name, network: 'Facebook' })}
          >
            <FacebookIcon />
          </a>
        </li>
      ) : null}
      {business.instagram ? (
        <li>
          <a
            href={business.instagram}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('directory.onNetwork', { business: business.name, network: 'Instagram' })}
          >
            <InstagramIcon />
          </a>
        </li>
      ) : null}
    </ul>
  )
}
