import { type ReactNode, useEffect, useId, useMemo, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { useSite } from '../../app/site-context'
import { PlayerPhoto } from '../../components/player-photo'
import { SeasonSwitch } from '../../components/season-switch'
import { EmptyState, ErrorState, Loading } from '../../components/status'
import { useT } from '../../lib/i18n'
import { sitePath } from '../../lib/tenant'
import { useDebounced } from '../../lib/use-debounced'
import { fullName, MIN_SEARCH, usePlayerChoices, usePublicPlayers, usePublicSeasonChoices } from './api'
import './public-players.css'

const SEARCH_DELAY_MS = 300

/**
 * docs/reference/public-site.md §2.8 public Players page: name search and league/team filters of the active season,
 * answered by the server (a page of players, never the organization's whole history).
 * Decision (the spec reads both ways): the list shows only once a filter or search is active —
 * and until the visitor chooses, the first league offered (the spec's name order) is that filter,
 * so the page does not open empty; a name search looks across every league unless one was chosen,
 * and "-- LEAGUES --" with nothing else brings the prompt back (docs/decisions/2026-11-25-players-first-league.md).
 */
export function PublicPlayersPage() {
  const t = useT()
  const { tenant, organization } = useSite()
  const id = useId()
  const [search, setSearch] = useState('')
  // null: the visitor has not chosen a league yet.
  const [leagueChoice, setLeagueId] = useState<string | null>(null)
  const [teamId, setTeamId] = useState('')
  const typed = useDebounced(search.trim(), SEARCH_DELAY_MS)
  // The server searches from 2 characters; a single one is no search yet.
  const needle = typed.length >= MIN_SEARCH ? typed : ''
  // ?season= lists a season published ahead (docs/published-seasons.md); without it, the active season.
  const [params, setParams] = useSearchParams()
  const seasonId = Number(params.get('season')) || null
  const seasons = usePublicSeasonChoices(tenant)
  const choices = usePlayerChoices(tenant, seasonId)
  const firstLeague = choices.data?.leagues[0]?.id
  const leagueId = leagueChoice ?? (needle || firstLeague === undefined ? '' : String(firstLeague))
  const filtering = Boolean(needle || leagueId || teamId)
  const players = usePublicPlayers(tenant, { search: needle, leagueId, teamId, seasonId }, filtering)

  const title = t('players.documentTitle', { organization: organization.name })
  useEffect(() => {
    document.title = title
  }, [title])

  // docs/reference/public-site.md §2.8: the teams follow the chosen league; a team in two leagues is offered once.
  const teamOptions = useMemo(() => {
    const seen = new Set<number>()
    return (choices.data?.teams ?? []).filter((team) => {
      if (leagueId && String(team.leagueId) !== leagueId) return false
      if (seen.has(team.id)) return false
      seen.add(team.id)
      return true
    })
  }, [choices.data, leagueId])

  const matches = players.data?.players ?? []
  let list: ReactNode = null
  // The first league is still on its way: what follows is its players, not the prompt.
  if (!filtering && leagueChoice === null && !needle && choices.isPending) list = <Loading text={t('players.loading')} />
  else if (!filtering) list = <p className="players-hint muted">{t('players.hint')}</p>
  else if (players.isPending) list = <Loading text={t('players.loading')} />
  else if (players.isError) list = <ErrorState message={t('players.loadError')} onRetry={() => players.refetch()} />
  else if (matches.length === 0) list = <EmptyState>{t('players.none')}</EmptyState>
  else {
    list = (
      <>
        <p className="visually-hidden" aria-live="polite">
          {t('players.found', { count: matches.length })}
        </p>
        <ul className="player-cards">
          {matches.map((player) => (
            <li key={player.id}>
              <Link to={sitePath(tenant, `players/${player.id}`)} className="player-card">
                <PlayerPhoto src={player.image} name="" size={120} className="player-card-photo" />
                <span className="player-card-name">{fullName(player)}</span>
              </Link>
            </li>
          ))}
        </ul>
        {players.data?.truncated ? (
          <p className="players-hint muted">{t('players.truncated', { count: matches.length })}</p>
        ) : null}
      </>
    )
  }

  return (
    <main className="page" id="main">
      <h1 className="page-title">{t('players.title')}</h1>
      {seasons.data ? (
        <SeasonSwitch
          seasons={seasons.data}
          value={seasonId}
          onChange={(next) => {
            setLeagueId(null)
            setTeamId('')
            setParams(next ? { season: String(next) } : {}, { replace: true })
          }}
        />
      ) : null}
      <search className="players-filters">
        <div className="field players-search">
          <label htmlFor={`${id}-search`} className="visually-hidden">
            {t('players.searchLabel')}
          </label>
          <input
            id={`${id}-search`}
            type="search"
            placeholder={t('players.searchPlaceholder')}
            value={search}
            autoComplete="off"
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-league`} className="visually-hidden">
            {t('players.league')}
          </label>
          <select
            id={`${id}-league`}
            value={leagueId}
            onChange={(event) => {
              setLeagueId(event.target.value)
              // docs/reference/public-site.md §2.8: choosing a league resets the team choice.
              setTeamId('')
            }}
          >
            <option value="">{t('players.allLeagues')}</option>
            {(choices.data?.leagues ?? []).map((league) => (
              <option key={league.id} value={String(league.id)}>
                {league.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-team`} className="visually-hidden">
            {t('players.team')}
          </label>
          <select id={`${id}-team`} value={teamId} onChange={(event) => setTeamId(event.target.value)}>
            <option value="">{t('players.allTeams')}</option>
            {teamOptions.map((team) => (
              <option key={team.id} value={String(team.id)}>
                {team.name}
              </option>
            ))}
          </select>
        </div>
      </search>
      {list}
    </main>
  )
}
