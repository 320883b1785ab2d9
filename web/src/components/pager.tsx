// The admin lists' shared controls (docs/decisions/2026-11-25-admin-paging.md): the season a list
// is about, its search, and its pages — kept in the address (?season=, ?q=, ?page=) so Back, a
// reload or a shared link shows the same page.
import { useEffect, useId, useState } from 'react'
import { useSearchParams } from 'react-router'
import { formatCount, useT } from '../lib/i18n'
import { useDebounced } from '../lib/use-debounced'
import './pager.css'
import { NameOptions } from './select-field'

/** Rows a page of an admin list shows. */
export const PAGE_SIZE = 100
const SEARCH_DELAY_MS = 300

/** `active`: the organization's active season (the default); `all`: every season; else a season id. */
export type SeasonChoice = 'active' | 'all' | number

/** The `seasonId` a list request sends for a choice (none: every season). */
export const seasonIdParam = (choice: SeasonChoice) => (choice === 'all' ? undefined : choice)

export interface ListState {
  season: SeasonChoice
  /** The search as typed (the input's value). */
  search: string
  /** The search the server is asked for: the typed one once typing pauses. */
  q: string
  page: number
  /** The first row of the page: (page - 1) × PAGE_SIZE. */
  offset: number
  setSeason(season: SeasonChoice): void
  setSearch(search: string): void
  setPage(page: number): void
  /** Several at once (e.g. showing a team just created: every season, searched by its name). */
  show(view: { season?: SeasonChoice; search?: string }): void
}

const parseSeason = (value: string | null, fallback: SeasonChoice): SeasonChoice => {
  if (value === 'all' || value === 'active') return value
  const id = Number(value)
  return Number.isInteger(id) && id > 0 ? id : fallback
}

/** The page of a list an address asks for — what `useListState` reads, for a prefetch before it renders. */
export function listPageFromSearch(params: URLSearchParams, defaultSeason: SeasonChoice = 'active') {
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1)
  return {
    season: parseSeason(params.get('season'), defaultSeason),
    q: params.get('q') ?? '',
    page,
    offset: (page - 1) * PAGE_SIZE,
  }
}

/**
 * A list's season, search and page, read from and written to the address. Changing the season or
 * the search goes back to the first page; the search reaches the address once typing pauses.
 */
export function useListState(defaultSeason: SeasonChoice = 'active'): ListState {
  const [params, setParams] = useSearchParams()
  const { season, q, page, offset } = listPageFromSearch(params, defaultSeason)
  const [search, setSearchText] = useState(q)
  const typed = useDebounced(search.trim(), SEARCH_DELAY_MS)

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key)
          else next.set(key, value)
        }
        return next
      },
      { replace: true },
    )

  // The typed search reaches the address (and the server) once typing pauses.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new typed value writes the address
  useEffect(() => {
    if (typed !== q) update({ q: typed, page: null })
  }, [typed])

  // Back or a link changed the address's search: the box shows it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new address value rewrites the box
  useEffect(() => {
    if (q !== typed) setSearchText(q)
  }, [q])

  return {
    season,
    search,
    q,
    page,
    offset,
    setSeason: (next) => update({ season: next === defaultSeason ? null : String(next), page: null }),
    setSearch: setSearchText,
    setPage: (next) => update({ page: next > 1 ? String(next) : null }),
    show: (view) => {
      if (view.search !== undefined) setSearchText(view.search)
      update({
        ...(view.season !== undefined && { season: view.season === defaultSeason ? null : String(view.season) }),
        ...(view.search !== undefined && { q: view.search.trim() }),
        page: null,
      })
    },
  }
}

export interface SeasonOption {
  id: number
  name: string
  active: boolean
}

/**
 * The season a list is about. `active` shows as the active season once the seasons are known;
 * `resolved` is the season the server answered for (which `active` turned out to be).
 */
export function SeasonSelect({
  seasons,
  value,
  resolved,
  onChange,
  allowAll = true,
  allLabel,
  disabled,
}: {
  seasons: SeasonOption[] | undefined
  value: SeasonChoice
  resolved?: number | null
  onChange: (season: SeasonChoice) => void
  allowAll?: boolean
  allLabel?: string
  disabled?: boolean
}) {
  const t = useT()
  const id = useId()
  const activeId = seasons?.find((s) => s.active)?.id ?? (value === 'active' ? resolved : undefined) ?? undefined
  const selected = value === 'all' ? 'all' : value === 'active' ? (activeId ?? 'active') : value
  const known = seasons?.some((s) => s.id === selected) ?? false
  return (
    <div className="field list-season">
      <label htmlFor={id}>{t('seasonSwitch.label')}</label>
      <select
        id={id}
        value={String(selected)}
        disabled={disabled}
        onChange={(event) => {
          const next = event.target.value
          if (next === 'all' || next === 'active') onChange(next)
          else {
            const season = Number(next)
            onChange(season === activeId ? 'active' : season)
          }
        }}
      >
        {/* Until the seasons arrive (or when the organization has no active season). */}
        {!known && selected !== 'all' ? (
          <option value={String(selected)}>
            {selected === 'active' ? t('pager.activeSeason') : t('pager.seasonNumber', { id: selected })}
          </option>
        ) : null}
        <NameOptions items={seasons} markActive />
        {allowAll ? <option value="all">{allLabel ?? t('records.allSeasons')}</option> : null}
      </select>
    </div>
  )
}

/** The search box of a list: the server searches as typing pauses. */
export function ListSearch({
  value,
  onChange,
  label,
  placeholder,
}: {
  value: string
  onChange: (value: string) => void
  label?: string
  placeholder?: string
}) {
  const t = useT()
  const id = useId()
  return (
    <div className="field list-search">
      <label htmlFor={id}>{label ?? t('pager.search')}</label>
      <input
        id={id}
        type="search"
        value={value}
        placeholder={placeholder}
        autoComplete="off"
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  )
}

const count = (n: number) => formatCount(n)

/**
 * "Showing 101–200 of 1,032 games" with Previous and Next. Hidden while there is nothing to count;
 * the buttons stay where they are, disabled at either end.
 */
export function Pager({
  total,
  page,
  pageSize = PAGE_SIZE,
  onPage,
  noun,
  label,
  busy,
}: {
  total: number | undefined
  page: number
  pageSize?: number
  onPage: (page: number) => void
  /** What is counted, plural ("games"). */
  noun: string
  /** The navigation's name for screen readers ("Games pages"). */
  label: string
  busy?: boolean
}) {
  const t = useT()
  if (total === undefined || total === 0) return null
  const pages = Math.max(1, Math.ceil(total / pageSize))
  const first = Math.min(total, (page - 1) * pageSize + 1)
  const last = Math.min(total, page * pageSize)
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" className="button button-small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('pager.previous')}
      </button>
      <span className="pager-status" aria-live="polite" aria-busy={busy || undefined}>
        {first > total
          ? t('pager.pastTheEnd', { page, total: count(total), noun })
          : t('pager.showing', { first: count(first), last: count(last), total: count(total), noun })}
        {pages > 1 ? <span className="muted"> {t('pager.pageOf', { page: count(page), pages: count(pages) })}</span> : null}
      </span>
      <button type="button" className="button button-small" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('pager.next')}
      </button>
    </nav>
  )
}

/** The Pager of a list kept by `useListState`, counting what the query behind its page answered. */
export function ListPager({
  list,
  query,
  noun,
  label,
}: {
  list: Pick<ListState, 'page' | 'setPage'>
  query: { data?: { total: number }; isPlaceholderData: boolean }
  noun: string
  label: string
}) {
  return (
    <Pager
      total={query.data?.total}
      page={list.page}
      onPage={list.setPage}
      noun={noun}
      label={label}
      busy={query.isPlaceholderData}
    />
  )
}
