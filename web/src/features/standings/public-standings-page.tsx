import { type ReactNode, useEffect, useId, useMemo, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import type { PagePrefetch } from '../../app/lazy-screen'
import { useSite } from '../../app/site-context'
import { SeasonSwitch } from '../../components/season-switch'
import { namedOption, OptionsField } from '../../components/select-field'
import { EmptyState, ErrorState, Loading } from '../../components/status'
import { TableScroll } from '../../components/table-scroll'
import { decimal } from '../../lib/format'
import { useLanguage, useRichT, useT } from '../../lib/i18n'
import { sitePath } from '../../lib/tenant'
import {
  chosenSeasonId,
  prefetchStandings,
  type StandingRow,
  usePublicSeasons,
  useSeasonBrackets,
  useSeasonDivisions,
  useSeasonStandings,
} from './api'
import './standings.css'
import { tiebreakWords } from './tiebreak-words'

/** Wins over games decided, as standings print it: ".667", "1.000"; a dash before any game. */
export function winningPercentage(row: Pick<StandingRow, 'wins' | 'losses' | 'winPercentage'>): string {
  if (row.wins + row.losses === 0) return '—'
  // The server's own figure (worker/domain/standings.ts, three decimals), printed without the 0.
  const pct = row.winPercentage.toFixed(3)
  return pct.startsWith('0') ? pct.slice(1) : pct
}

/** A header that reads in full on a wide screen and in short on a phone, named in full for screen readers. */
function Short({ long, short }: { long: string; short: string }) {
  return (
    <>
      <span className="label-long">{long}</span>
      <span className="label-short" aria-hidden="true">
        {short}
      </span>
    </>
  )
}

/** docs/reference/league-admin.md §9: percentages show one decimal; the server sends FT% as a ratio. */
export const formatFtPercentage = (ratio: number) => (Number.isFinite(ratio) ? (ratio * 100).toFixed(1) : '0.0')

/**
 * docs/reference/league-admin.md Public team list / standings. "All Leagues" and "All divisions" are the empty
 * choices, and "Tournament Bracket" lists the brackets alone (docs/decisions/2026-11-28-admin-small-things.md); the page
 * opens on the first league, and with neither chosen it asks for a filter. A league alone shows that league's
 * standings (the server ranks them, docs/reference/league-admin.md §9); a division keeps the server's division order.
 */
export const prefetch: PagePrefetch = (client, { tenant }) => prefetchStandings(client, tenant)

/** The division filter's choice that shows the season's tournament brackets instead of a table. */
const BRACKET = 'bracket'

export function PublicStandingsPage() {
  const t = useT()
  const language = useLanguage()
  const richT = useRichT()
  const { tenant, organization } = useSite()
  const id = useId()
  const seasons = usePublicSeasons(tenant)
  // ?season= shows a season published ahead (docs/published-seasons.md); without it, the active season.
  const [params, setParams] = useSearchParams()
  const seasonId = seasons.data ? chosenSeasonId(seasons.data.active, params) : undefined
  const standings = useSeasonStandings(tenant, seasonId)
  const divisions = useSeasonDivisions(tenant, seasonId)
  const brackets = useSeasonBrackets(tenant, seasonId)
  // Until the visitor chooses, the page opens on the first league (the server's spec order) rather
  // than an empty prompt; choosing "All Leagues" with no division brings the prompt back.
  const [leagueChoice, setLeagueId] = useState<string | null>(null)
  // "All divisions" (the empty choice) is the default; "Tournament Bracket" shows the brackets alone.
  const [divisionChoice, setDivisionId] = useState('')
  const bracketOnly = divisionChoice === BRACKET
  const divisionId = bracketOnly ? '' : divisionChoice
  const firstLeague = standings.data?.leagues[0]?.id
  const leagueId = leagueChoice ?? (divisionId || firstLeague === undefined ? '' : String(firstLeague))

  const title = t('standings.documentTitle', { organization: organization.name })
  useEffect(() => {
    document.title = title
  }, [title])

  const divisionNames = useMemo(
    () => new Map((divisions.data?.divisions ?? []).map((division) => [division.id, division.name])),
    [divisions.data],
  )

  const rows: StandingRow[] = useMemo(() => {
    if (!leagueId && !divisionId) return []
    if (divisionId) {
      const division = divisions.data?.divisions.find((d) => String(d.id) === divisionId)
      const teams = division?.teams ?? []
      return leagueId ? teams.filter((team) => String(team.leagueId) === leagueId) : teams
    }
    return standings.data?.leagues.find((league) => String(league.id) === leagueId)?.teams ?? []
  }, [leagueId, divisionId, standings.data, divisions.data])

  // No division (or "Tournament Bracket") leads to the brackets of the league shown, or of every league.
  const shownBrackets = divisionId ? [] : (brackets.data ?? []).filter((b) => !leagueId || String(b.leagueId) === leagueId)
  const marked = rows.some((row) => row.clinched || row.eliminated)

  const seasonName = standings.data?.season.name ?? seasons.data?.active?.name ?? ''
  const showLeague = !leagueId
  const loading = seasons.isPending || (seasonId !== undefined && (standings.isPending || divisions.isPending))
  const failed = seasons.isError || standings.isError || divisions.isError

  let body: ReactNode
  if (loading) body = <Loading text={t('standings.loading')} />
  else if (failed) {
    body = (
      <ErrorState
        message={t('standings.loadError')}
        onRetry={() => {
          void seasons.refetch()
          void standings.refetch()
          void divisions.refetch()
        }}
      />
    )
  } else if (seasonId === undefined) body = <EmptyState>{t('standings.noSeason')}</EmptyState>
  else if (bracketOnly) body = shownBrackets.length > 0 ? null : <EmptyState>{t('standings.noBracket')}</EmptyState>
  else if (!leagueId && !divisionId) body = <p className="standings-prompt">{t('standings.prompt')}</p>
  else if (rows.length === 0) body = <EmptyState>{t('standings.noTeams')}</EmptyState>
  else {
    // On a phone (docs/phone-tables.md) the captain, and the league when one shows, fold under the
    // team name; their own columns, FT% and 3PM are for wider screens.
    body = (
      <TableScroll label={t('standings.title')}>
        <table className="data-table standings-table">
          <caption className="visually-hidden">{t('standings.title')}</caption>
          <thead>
            <tr>
              <th scope="col" className="cell-position">
                <Short long={t('standings.position')} short={t('standings.positionShort')} />
              </th>
              <th scope="col">{t('standings.team')}</th>
              <th scope="col" className="cell-wide-only">
                {t('standings.captain')}
              </th>
              {showLeague ? (
                <th scope="col" className="cell-wide-only">
                  {t('standings.league')}
                </th>
              ) : null}
              <th scope="col" className="cell-division">
                {t('standings.division')}
              </th>
              <th scope="col" className="cell-number">
                <Short long={t('standings.wins')} short={t('standings.winsShort')} />
              </th>
              <th scope="col" className="cell-number">
                <Short long={t('standings.losses')} short={t('standings.lossesShort')} />
              </th>
              <th scope="col" className="cell-number cell-phone-only">
                <Short long={t('standings.winningPercentage')} short={t('standings.winningPercentageShort')} />
              </th>
              <th scope="col" className="cell-number cell-wide-only">
                {t('standings.ftPercentage')}
              </th>
              <th scope="col" className="cell-number cell-wide-only">
                {t('standings.threesMade')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => {
              const captainPath = row.captain && row.captain_id ? sitePath(tenant, `players/${row.captain_id}`) : null
              const captain = captainPath ? <Link to={captainPath}>{row.captain}</Link> : null
              return (
                <tr key={row.slt_id}>
                  {/* A division keeps the server's order, so its position is the place in that list. */}
                  <td className="cell-position">{divisionId ? index + 1 : row.rank}</td>
                  <td>
                    <Link to={sitePath(tenant, `teams/${row.id}`)} className="standings-team">
                      {row.name}
                    </Link>
                    {row.clinched ? <Mark letter={t('standings.clinchedLetter')} meaning={t('standings.clinched')} /> : null}
                    {row.eliminated ? (
                      <Mark letter={t('standings.eliminatedLetter')} meaning={t('standings.eliminated')} />
                    ) : null}
                    {row.tiebreak && !divisionId ? (
                      <span className="standings-tiebreak">{tiebreakWords(row, t, language)}</span>
                    ) : null}
                    {captain || showLeague ? (
                      <span className="standings-fold">
                        {captainPath ? (
                          <span>
                            {richT('standings.captainOf', {
                              captain: row.captain ?? '',
                              link: (chunks) => <Link to={captainPath}>{chunks}</Link>,
                            })}
                          </span>
                        ) : null}
                        {showLeague ? <span>{row.leagueName}</span> : null}
                      </span>
                    ) : null}
                  </td>
                  <td className="cell-wide-only">{captain ?? <span className="muted">—</span>}</td>
                  {showLeague ? <td className="cell-wide-only">{row.leagueName}</td> : null}
                  <td className="cell-division">
                    {(row.division_id && divisionNames.get(row.division_id)) || <span className="muted">—</span>}
                  </td>
                  <td className="cell-number">{row.wins}</td>
                  <td className="cell-number">{row.losses}</td>
                  <td className="cell-number cell-phone-only">{decimal(winningPercentage(row))}</td>
                  <td className="cell-number cell-wide-only">{decimal(formatFtPercentage(row.ftPercentage))}</td>
                  <td className="cell-number cell-wide-only">{row.total3PM}</td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </TableScroll>
    )
    if (marked) {
      body = (
        <>
          {body}
          <p className="standings-legend">
            {richT('standings.legend', {
              x: (chunks) => (
                <span className="standings-mark" aria-hidden="true">
                  {chunks}
                </span>
              ),
              e: (chunks) => (
                <span className="standings-mark" aria-hidden="true">
                  {chunks}
                </span>
              ),
            })}
          </p>
        </>
      )
    }
  }

  return (
    <main className="page" id="main">
      <h1 className="page-title">{t('standings.title')}</h1>
      <div className="standings-filters">
        {seasons.data ? (
          <SeasonSwitch
            seasons={seasons.data.seasons}
            value={seasonId === seasons.data.active?.id ? null : (seasonId ?? null)}
            onChange={(next) => {
              setLeagueId(null)
              setDivisionId('')
              setParams(next ? { season: String(next) } : {}, { replace: true })
            }}
          />
        ) : null}
        <OptionsField
          id={`${id}-league`}
          label={t('standings.league')}
          value={leagueId}
          emptyOption={t('standings.allLeagues')}
          options={(standings.data?.leagues ?? []).map((league) => ({
            value: String(league.id),
            label: seasonName ? t('standings.leagueOfSeason', { league: league.name, season: seasonName }) : league.name,
          }))}
          onChange={setLeagueId}
        />
        <OptionsField
          id={`${id}-division`}
          label={t('standings.division')}
          value={divisionChoice}
          emptyOption={t('standings.allDivisions')}
          options={[
            { value: BRACKET, label: t('standings.bracketChoice') },
            ...(divisions.data?.divisions ?? []).map(namedOption),
          ]}
          onChange={setDivisionId}
        />
      </div>
      {shownBrackets.length > 0 ? (
        <ul className="standings-bracket-link">
          {shownBrackets.map((b) => (
            <li key={b.id}>
              <Link to={sitePath(tenant, `bracket/${b.id}`)}>{t('standings.bracketLink', { bracket: b.name })}</Link>
            </li>
          ))}
        </ul>
      ) : null}
      {body}
    </main>
  )
}

/** A team's x or e after its name: the letter seen, its meaning read out and shown on hover. */
function Mark({ letter, meaning }: { letter: string; meaning: string }) {
  return (
    <span className="standings-mark" title={meaning.charAt(0).toUpperCase() + meaning.slice(1)}>
      <span aria-hidden="true">{letter}</span>
      <span className="visually-hidden">{meaning}</span>
    </span>
  )
}
