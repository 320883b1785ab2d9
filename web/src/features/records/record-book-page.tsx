import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { useEffect, useId } from 'react'
import { Link, useSearchParams } from 'react-router'
import { formatShortDay } from '../../../../worker/domain/time'
import { useSite } from '../../app/site-context'
import { NameOptions } from '../../components/select-field'
import { ErrorState, Loading } from '../../components/status'
import { TableScroll } from '../../components/table-scroll'
import { api } from '../../lib/api-client'
import type { RecordBook, RecordEntry, RecordFilters, RecordList } from '../../lib/records-api'
import { sitePath, type Tenant, tenantKey, tenantQuery } from '../../lib/tenant'

// The book's query lives with the page (not in ./api): one chunk less to name in the entry's preload map.
const defined = (filters: RecordFilters) =>
  Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== null)) as Record<string, number>

export const recordBookQuery = (tenant: Tenant, filters: RecordFilters) =>
  queryOptions({
    queryKey: ['record-book', tenantKey(tenant), filters] as const,
    queryFn: () => api.get<RecordBook>('/api/records/book', { ...tenantQuery(tenant), ...defined(filters) }),
    placeholderData: keepPreviousData,
  })

export const useRecordBook = (tenant: Tenant, filters: RecordFilters) => useQuery(recordBookQuery(tenant, filters))

/** "Mar 4, 1994" for a league-local calendar date (yyyy-MM-dd), whatever the visitor's zone. */
export function formatDay(date: string | null): string {
  return formatShortDay(date)
}

const PERCENTAGES = new Set(['FG%', 'FT%', '2P%', '3P%'])

const positive = (value: string | null) => {
  const n = Number(value)
  return Number.isInteger(n) && n > 0 ? n : null
}

function filtersOf(params: URLSearchParams): RecordFilters {
  return {
    stat: positive(params.get('stat')),
    leagueId: positive(params.get('league')),
    from: positive(params.get('from')),
    to: positive(params.get('to')),
  }
}

const playerName = (e: RecordEntry) => `${e.player.firstName} ${e.player.lastName}`.trim()

/** A ranked list of records: ties share a rank, marked T-. */
function RecordTable({
  title,
  list,
  format,
  detail,
  detailHeading,
  empty,
}: {
  title: string
  list: RecordList
  format: (e: RecordEntry) => string
  detail: (e: RecordEntry) => React.ReactNode
  detailHeading: string
  empty: string
}) {
  const { tenant } = useSite()
  const id = useId()
  return (
    <section className="record-section card" aria-labelledby={id}>
      <h2 id={id} className="section-title">
        {title}
      </h2>
      {list.entries.length === 0 ? (
        <p className="state state-empty">{empty}</p>
      ) : (
        <TableScroll label={title}>
          <table className="data-table record-table">
            <thead>
              <tr>
                <th scope="col">Rank</th>
                <th scope="col">Player</th>
                <th scope="col" className="num">
                  Value
                </th>
                <th scope="col">{detailHeading}</th>
              </tr>
            </thead>
            <tbody>
              {list.entries.map((e) => (
                <tr key={`${e.player.id}-${e.game?.id ?? ''}-${e.season?.id ?? ''}-${e.league?.id ?? ''}`}>
                  <td>
                    {e.tied ? 'T-' : ''}
                    {e.rank}
                  </td>
                  <td>
                    <Link to={sitePath(tenant, `player/${e.player.id}/stats`)}>{playerName(e)}</Link>
                  </td>
                  <td className="num record-value">{format(e)}</td>
                  <td className="record-detail">{detail(e)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {list.truncated && <p className="muted">More players tie at the last place than are shown.</p>}
    </section>
  )
}

/**
 * The record book (docs/records.md), /{slug}/records and /records on a custom domain: one stat's
 * single-game, single-season and career records, and the qualified averages or percentages, for
 * every league or one and a range of seasons. The choices live in the address, so a filtered book
 * can be shared and printed.
 */
export function RecordBookPage() {
  const { tenant, organization } = useSite()
  const [params, setParams] = useSearchParams()
  const filters = filtersOf(params)
  const book = useRecordBook(tenant, filters)

  useEffect(() => {
    document.title = `Record Book · ${organization.name}`
  }, [organization.name])

  const choose = (key: string, value: string) => {
    const next = new URLSearchParams(params)
    if (value) next.set(key, value)
    else next.delete(key)
    setParams(next, { replace: true })
  }

  let body: React.ReactNode
  if (book.isPending) body = <Loading text="Loading the record book..." />
  else if (book.isError) body = <ErrorState message="The record book could not be loaded." onRetry={() => book.refetch()} />
  else {
    const data = book.data
    const stat = data.stats.find((s) => s.id === data.statId)
    if (!stat) body = <p className="state state-empty">No stats are kept yet.</p>
    else {
      const pct = PERCENTAGES.has(stat.abbreviation)
      const whole = (e: RecordEntry) => e.value.toLocaleString('en-US')
      const rate = (e: RecordEntry) => (pct ? `${(e.value * 100).toFixed(1)}%` : e.value.toFixed(1))
      const seasonDetail = (e: RecordEntry) => (
        <>
          {e.season?.name}
          {e.league ? ` · ${e.league.name}` : ''}
          {e.games !== undefined ? <span className="muted"> ({volume(e)})</span> : null}
        </>
      )
      const volume = (e: RecordEntry) =>
        pct ? `${e.total ?? 0}/${e.attempts ?? 0}` : `${e.games} ${e.games === 1 ? 'game' : 'games'}`
      const { minGames, minAttempts } = data.qualification
      const qualifier = pct ? `at least ${minAttempts} attempts` : `at least ${minGames} games`
      const leagueName = data.leagues.find((l) => l.id === filters.leagueId)?.name
      const seasonName = (id: number | null) => data.seasons.find((s) => s.id === id)?.name
      const scope = [
        leagueName ?? 'All leagues',
        filters.from || filters.to
          ? `${seasonName(filters.from) ?? data.seasons[0]?.name ?? ''} to ${seasonName(filters.to) ?? data.seasons.at(-1)?.name ?? ''}`
          : 'all seasons',
      ].join(', ')
      body = (
        <>
          <p className="record-scope">
            <strong>{stat.name}</strong> — {scope}. Averages and percentages count players with {qualifier}.
          </p>
          {!pct && (
            <>
              <RecordTable
                title={`Single game: ${stat.name}`}
                list={data.singleGame}
                format={whole}
                detailHeading="Game"
                empty="No games recorded yet."
                detail={(e) =>
                  e.game ? (
                    <Link to={sitePath(tenant, `games/${e.game.id}`)}>
                      {formatDay(e.game.date)} · {e.game.team.name} vs {e.game.opponent.name}
                    </Link>
                  ) : null
                }
              />
              <RecordTable
                title={`Single season: ${stat.name}`}
                list={data.singleSeason}
                format={whole}
                detailHeading="Season"
                empty="No seasons recorded yet."
                detail={seasonDetail}
              />
              <RecordTable
                title={`Career: ${stat.name}`}
                list={data.career}
                format={whole}
                detailHeading="Games"
                empty="No careers recorded yet."
                detail={(e) => volume(e)}
              />
            </>
          )}
          <RecordTable
            title={pct ? `Season: ${stat.name}` : `Season average: ${stat.abbreviation} per game`}
            list={data.seasonRate}
            format={rate}
            detailHeading="Season"
            empty={`No season reaches ${qualifier} yet.`}
            detail={seasonDetail}
          />
          <RecordTable
            title={pct ? `Career: ${stat.name}` : `Career average: ${stat.abbreviation} per game`}
            list={data.careerRate}
            format={rate}
            detailHeading={pct ? 'Made/attempted' : 'Games'}
            empty={`No career reaches ${qualifier} yet.`}
            detail={(e) => volume(e)}
          />
        </>
      )
    }
  }

  const data = book.data
  return (
    <main className="page record-book-page" id="main">
      <h1 className="page-title">Record Book</h1>
      {data && (
        <form className="record-filters no-print" aria-label="Record book filters" onSubmit={(e) => e.preventDefault()}>
          <Filter label="Stat" value={data.statId ?? ''} rows={data.stats} onChange={(value) => choose('stat', value)} />
          {(
            [
              ['league', 'League', 'All leagues', filters.leagueId, data.leagues],
              ['from', 'From', 'First season', filters.from, data.seasons],
              ['to', 'To', 'Latest season', filters.to, data.seasons],
            ] as const
          ).map(([key, label, empty, value, rows]) => (
            <Filter key={key} label={label} value={value ?? ''} empty={empty} rows={rows} onChange={(v) => choose(key, v)} />
          ))}
          <button type="button" className="button" onClick={() => window.print()}>
            Print
          </button>
        </form>
      )}
      <div aria-live="polite" aria-busy={book.isFetching}>
        {body}
      </div>
    </main>
  )
}

interface FilterProps {
  label: string
  value: string | number
  /** The first choice, which leaves the filter off. */
  empty?: string
  rows: { id: number; name: string }[]
  onChange: (value: string) => void
}

/** One of the record book's filters: a drop-down inside its label. */
function Filter({ label, value, empty, rows, onChange }: FilterProps) {
  return (
    <label>
      {label}
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        {empty === undefined ? null : <option value="">{empty}</option>}
        <NameOptions items={rows} />
      </select>
    </label>
  )
}
