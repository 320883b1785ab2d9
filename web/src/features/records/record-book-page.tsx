import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { useEffect, useId } from 'react'
import { Link, useSearchParams } from 'react-router'
import { useSite } from '../../app/site-context'
import { NameOptions } from '../../components/select-field'
import { ErrorState, Loading } from '../../components/status'
import { TableScroll } from '../../components/table-scroll'
import { api } from '../../lib/api-client'
import { decimal, formatDay as formatSeasonDay, percentFigure } from '../../lib/format'
import { formatCount, useRichT, useT } from '../../lib/i18n'
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

/** "Mar 4, 1994" for a league-local calendar date (yyyy-MM-dd), whatever the visitor's zone, in the page's language. */
export function formatDay(date: string | null): string {
  return date ? formatSeasonDay(date) : ''
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
  const t = useT()
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
                <th scope="col">{t('records.rank')}</th>
                <th scope="col">{t('boxScore.player')}</th>
                <th scope="col" className="num">
                  {t('records.value')}
                </th>
                <th scope="col">{detailHeading}</th>
              </tr>
            </thead>
            <tbody>
              {list.entries.map((e) => (
                <tr key={`${e.player.id}-${e.game?.id ?? ''}-${e.season?.id ?? ''}-${e.league?.id ?? ''}`}>
                  <td>{e.tied ? t('records.tiedRank', { rank: e.rank }) : e.rank}</td>
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
      {list.truncated && <p className="muted">{t('records.truncated')}</p>}
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
  const t = useT()
  const richT = useRichT()
  const { tenant, organization } = useSite()
  const [params, setParams] = useSearchParams()
  const filters = filtersOf(params)
  const book = useRecordBook(tenant, filters)

  const title = t('records.documentTitle', { organization: organization.name })
  useEffect(() => {
    document.title = title
  }, [title])

  const choose = (key: string, value: string) => {
    const next = new URLSearchParams(params)
    if (value) next.set(key, value)
    else next.delete(key)
    setParams(next, { replace: true })
  }

  let body: React.ReactNode
  if (book.isPending) body = <Loading text={t('records.loading')} />
  else if (book.isError) body = <ErrorState message={t('records.loadError')} onRetry={() => book.refetch()} />
  else {
    const data = book.data
    const stat = data.stats.find((s) => s.id === data.statId)
    if (!stat) body = <p className="state state-empty">{t('records.noStats')}</p>
    else {
      const pct = PERCENTAGES.has(stat.abbreviation)
      const whole = (e: RecordEntry) => formatCount(e.value)
      const rate = (e: RecordEntry) => (pct ? percentFigure(e.value) : decimal(e.value.toFixed(1)))
      const seasonDetail = (e: RecordEntry) => (
        <>
          {e.league ? t('records.seasonLeague', { season: e.season?.name, league: e.league.name }) : e.season?.name}
          {e.games !== undefined ? <span className="muted"> {t('records.volume', { volume: volume(e) })}</span> : null}
        </>
      )
      const volume = (e: RecordEntry) =>
        pct
          ? t('records.madeOfAttempted', { made: e.total ?? 0, attempted: e.attempts ?? 0 })
          : t('records.games', { count: e.games ?? 0 })
      const { minGames, minAttempts } = data.qualification
      const qualifier = pct ? t('records.minAttempts', { count: minAttempts }) : t('records.minGames', { count: minGames })
      const leagueName = data.leagues.find((l) => l.id === filters.leagueId)?.name
      const seasonName = (id: number | null) => data.seasons.find((s) => s.id === id)?.name
      const seasons =
        filters.from || filters.to
          ? t('records.seasonRange', {
              from: seasonName(filters.from) ?? data.seasons[0]?.name ?? '',
              to: seasonName(filters.to) ?? data.seasons.at(-1)?.name ?? '',
            })
          : t('records.allSeasons')
      const scope = t('records.scopeList', { leagues: leagueName ?? t('records.allLeaguesScope'), seasons })
      body = (
        <>
          <p className="record-scope">
            {richT('records.scope', { stat: stat.name, scope, qualifier, strong: (chunks) => <strong>{chunks}</strong> })}
          </p>
          {!pct && (
            <>
              <RecordTable
                title={t('records.singleGame', { stat: stat.name })}
                list={data.singleGame}
                format={whole}
                detailHeading={t('records.game')}
                empty={t('records.noGames')}
                detail={(e) =>
                  e.game ? (
                    <Link to={sitePath(tenant, `games/${e.game.id}`)}>
                      {t('records.gameDetail', {
                        day: formatDay(e.game.date),
                        team: e.game.team.name,
                        opponent: e.game.opponent.name,
                      })}
                    </Link>
                  ) : null
                }
              />
              <RecordTable
                title={t('records.singleSeason', { stat: stat.name })}
                list={data.singleSeason}
                format={whole}
                detailHeading={t('stats.season')}
                empty={t('records.noSeasons')}
                detail={seasonDetail}
              />
              <RecordTable
                title={t('records.career', { stat: stat.name })}
                list={data.career}
                format={whole}
                detailHeading={t('records.gamesHeading')}
                empty={t('records.noCareers')}
                detail={(e) => volume(e)}
              />
            </>
          )}
          <RecordTable
            title={pct ? t('records.season', { stat: stat.name }) : t('records.seasonAverage', { stat: stat.abbreviation })}
            list={data.seasonRate}
            format={rate}
            detailHeading={t('stats.season')}
            empty={t('records.noSeasonQualifies', { qualifier })}
            detail={seasonDetail}
          />
          <RecordTable
            title={pct ? t('records.career', { stat: stat.name }) : t('records.careerAverage', { stat: stat.abbreviation })}
            list={data.careerRate}
            format={rate}
            detailHeading={pct ? t('records.madeAttempted') : t('records.gamesHeading')}
            empty={t('records.noCareerQualifies', { qualifier })}
            detail={(e) => volume(e)}
          />
        </>
      )
    }
  }

  const data = book.data
  return (
    <main className="page record-book-page" id="main">
      <h1 className="page-title">{t('records.title')}</h1>
      {data && (
        <form className="record-filters no-print" aria-label={t('records.filters')} onSubmit={(e) => e.preventDefault()}>
          <Filter
            label={t('records.stat')}
            value={data.statId ?? ''}
            rows={data.stats}
            onChange={(value) => choose('stat', value)}
          />
          {(
            [
              ['league', t('standings.league'), t('records.allLeagues'), filters.leagueId, data.leagues],
              ['from', t('records.from'), t('records.firstSeason'), filters.from, data.seasons],
              ['to', t('records.to'), t('records.latestSeason'), filters.to, data.seasons],
            ] as const
          ).map(([key, label, empty, value, rows]) => (
            <Filter key={key} label={label} value={value ?? ''} empty={empty} rows={rows} onChange={(v) => choose(key, v)} />
          ))}
          <button type="button" className="button" onClick={() => window.print()}>
            {t('records.print')}
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
