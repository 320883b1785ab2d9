import { useEffect } from 'react'
import { Link, useParams } from 'react-router'
import { useSite } from '../../app/site-context'
import { EmptyState, ErrorState, Loading } from '../../components/status'
import { isNotFound } from '../../lib/api-client'
import { t as translate, useRichT, useT } from '../../lib/i18n'
import { type Bracket, type BracketSlot, type BracketTeam, useBracket } from '../../lib/playoffs-api'
import { sitePath, type Tenant } from '../../lib/tenant'
import '../../components/playoffs.css'

function when(slot: BracketSlot) {
  const g = slot.game
  if (!g) return translate('bracket.toBeDecided')
  const parts = [g.date, g.time ?? (g.date ? translate('bracket.timeToBeSet') : null), g.location].filter(Boolean)
  return parts.length > 0 ? parts.join(' · ') : translate('bracket.dateToBeSet')
}

function TeamLine({
  tenant,
  team,
  score,
  won,
  played,
}: {
  tenant: Tenant
  team: BracketTeam | null
  score: number | null
  won: boolean
  played: boolean
}) {
  const t = useT()
  return (
    <li className={`bracket-team${won ? ' bracket-winner' : ''}`}>
      <span className="bracket-seed">
        {team ? (
          <>
            <span className="visually-hidden">{t('bracket.seed')} </span>
            {team.seed}
          </>
        ) : null}
      </span>
      <span className="bracket-name">
        {team ? (
          <Link to={sitePath(tenant, `teams/${team.id}`)}>{team.name}</Link>
        ) : (
          <span className="muted">{t('bracket.toBeDecided')}</span>
        )}
        {won ? <span className="visually-hidden"> {t('bracket.winner')}</span> : null}
      </span>
      <span className="bracket-score">{played && score !== null ? score : ''}</span>
    </li>
  )
}

function Match({ tenant, slot }: { tenant: Tenant; slot: BracketSlot }) {
  const t = useT()
  const g = slot.game
  const played = slot.winnerId !== null
  const score = (team: BracketTeam | null) => {
    if (!g || !team) return null
    return team.id === g.team1Id ? g.scoreTeam1 : g.scoreTeam2
  }
  return (
    <li className="bracket-match">
      <ul
        className="bracket-teams"
        aria-label={t('game.matchup', {
          home: slot.team1?.name ?? t('bracket.toBeDecided'),
          away: slot.team2?.name ?? t('bracket.toBeDecided'),
        })}
      >
        {(['team1', 'team2'] as const).map((side) => (
          <TeamLine
            key={side}
            tenant={tenant}
            team={slot[side]}
            score={score(slot[side])}
            won={played && slot.winnerId === slot[side]?.id}
            played={played}
          />
        ))}
      </ul>
      <p className="bracket-when">
        {g && played ? <Link to={sitePath(tenant, `games/${g.id}`)}>{t('bracket.finalBoxScore')}</Link> : when(slot)}
      </p>
    </li>
  )
}

function Rounds({ tenant, bracket }: { tenant: Tenant; bracket: Bracket }) {
  const t = useT()
  const rounds = Array.from({ length: bracket.rounds }, (_, i) => i + 1)
  const byes = bracket.byes.map((seed) => bracket.seeds[seed - 1]).filter((t): t is BracketTeam => t !== null)
  const third = bracket.slots.filter((s) => s.kind === 'third')
  return (
    <div className="bracket-rounds">
      {rounds.map((round) => {
        const slots = bracket.slots.filter((s) => s.kind === 'main' && s.round === round)
        // The round's name in the page's language (worker/domain/bracket.ts roundName names it in English).
        const name = t('bracket.round', { left: String(bracket.rounds - round), round })
        return (
          <section key={round} className="bracket-round" aria-labelledby={`bracket-round-${round}`}>
            <h2 id={`bracket-round-${round}`} className="bracket-round-title">
              {name}
            </h2>
            <ul className="bracket-matches">
              {slots.map((slot) => (
                <Match key={`${slot.round}-${slot.slot}`} tenant={tenant} slot={slot} />
              ))}
            </ul>
            {round === 1 && byes.length > 0 ? (
              <p className="bracket-byes">
                {t('bracket.byes', {
                  count: byes.length,
                  teams: byes.map((team) => t('bracket.seededTeam', { team: team.name, seed: team.seed })).join(', '),
                })}
              </p>
            ) : null}
            {round === bracket.rounds && third.length > 0 ? (
              <>
                <h3 className="bracket-round-title">{t('bracket.thirdPlace')}</h3>
                <ul className="bracket-matches">
                  {third.map((slot) => (
                    <Match key="third" tenant={tenant} slot={slot} />
                  ))}
                </ul>
              </>
            ) : null}
          </section>
        )
      })}
    </div>
  )
}

/** A playoff bracket, live with results, readable on a phone (docs/playoffs.md). */
export function PublicBracketPage() {
  const t = useT()
  const richT = useRichT()
  const { tenant, organization } = useSite()
  // Served by the site's catch-all (web/src/app/site-placeholder-page.tsx): the id is the address's last segment.
  const id = Number(useParams()['*']?.split('/')[1])
  const bracket = useBracket(tenant, id)
  const data = bracket.data

  const title = t('bracket.documentTitle', { bracket: data?.name ?? t('bracket.fallbackName'), organization: organization.name })
  useEffect(() => {
    document.title = title
  }, [title])

  let body: React.ReactNode
  if (bracket.isPending) body = <Loading text={t('bracket.loading')} />
  else if (bracket.isError) {
    body = isNotFound(bracket.error) ? (
      <EmptyState>{t('bracket.notFound')}</EmptyState>
    ) : (
      <ErrorState message={t('bracket.loadError')} onRetry={() => void bracket.refetch()} />
    )
  } else if (data) {
    body = (
      <>
        {data.champion ? (
          <p className="bracket-champion" role="status">
            {richT('bracket.champion', { team: data.champion.name, strong: (chunks) => <strong>{chunks}</strong> })}
          </p>
        ) : null}
        <Rounds tenant={tenant} bracket={data} />
      </>
    )
  }

  return (
    <main className="page bracket-page" id="main">
      <p className="bracket-back">
        <Link to={sitePath(tenant, 'teamList')}>{t('team.backToStandings')}</Link>
      </p>
      <h1 className="page-title">{data?.name ?? t('bracket.title')}</h1>
      {body}
    </main>
  )
}
