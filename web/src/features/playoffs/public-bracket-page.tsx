import { useEffect } from 'react'
import { Link, useParams } from 'react-router'
import { useSite } from '../../app/site-context'
import { EmptyState, ErrorState, Loading } from '../../components/status'
import { isNotFound } from '../../lib/api-client'
import { type Bracket, type BracketSlot, type BracketTeam, useBracket } from '../../lib/playoffs-api'
import { sitePath, type Tenant } from '../../lib/tenant'
import '../../components/playoffs.css'

function when(slot: BracketSlot) {
  const g = slot.game
  if (!g) return 'To be decided'
  const parts = [g.date, g.time ?? (g.date ? 'time to be set' : null), g.location].filter(Boolean)
  return parts.length > 0 ? parts.join(' · ') : 'Date to be set'
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
  return (
    <li className={`bracket-team${won ? ' bracket-winner' : ''}`}>
      <span className="bracket-seed">
        {team ? (
          <>
            <span className="visually-hidden">Seed </span>
            {team.seed}
          </>
        ) : null}
      </span>
      <span className="bracket-name">
        {team ? <Link to={sitePath(tenant, `teams/${team.id}`)}>{team.name}</Link> : <span className="muted">To be decided</span>}
        {won ? <span className="visually-hidden"> (winner)</span> : null}
      </span>
      <span className="bracket-score">{played && score !== null ? score : ''}</span>
    </li>
  )
}

function Match({ tenant, slot }: { tenant: Tenant; slot: BracketSlot }) {
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
        aria-label={`${slot.team1?.name ?? 'To be decided'} vs ${slot.team2?.name ?? 'To be decided'}`}
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
        {g && played ? <Link to={sitePath(tenant, `games/${g.id}`)}>Final · box score</Link> : when(slot)}
      </p>
    </li>
  )
}

function Rounds({ tenant, bracket }: { tenant: Tenant; bracket: Bracket }) {
  const rounds = Array.from({ length: bracket.rounds }, (_, i) => i + 1)
  const byes = bracket.byes.map((seed) => bracket.seeds[seed - 1]).filter((t): t is BracketTeam => t !== null)
  const third = bracket.slots.filter((s) => s.kind === 'third')
  return (
    <div className="bracket-rounds">
      {rounds.map((round) => {
        const slots = bracket.slots.filter((s) => s.kind === 'main' && s.round === round)
        const name = slots[0]?.roundName ?? `Round ${round}`
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
                Bye{byes.length > 1 ? 's' : ''} to round 2: {byes.map((t) => `${t.name} (${t.seed})`).join(', ')}
              </p>
            ) : null}
            {round === bracket.rounds && third.length > 0 ? (
              <>
                <h3 className="bracket-round-title">Third place</h3>
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
  const { tenant, organization } = useSite()
  // Served by the site's catch-all (web/src/app/site-placeholder-page.tsx): the id is the address's last segment.
  const id = Number(useParams()['*']?.split('/')[1])
  const bracket = useBracket(tenant, id)
  const data = bracket.data

  useEffect(() => {
    document.title = `${data?.name ?? 'Bracket'} · ${organization.name}`
  }, [data?.name, organization.name])

  let body: React.ReactNode
  if (bracket.isPending) body = <Loading text="Loading bracket..." />
  else if (bracket.isError) {
    body = isNotFound(bracket.error) ? (
      <EmptyState>No such bracket.</EmptyState>
    ) : (
      <ErrorState message="The bracket could not be loaded." onRetry={() => void bracket.refetch()} />
    )
  } else if (data) {
    body = (
      <>
        {data.champion ? (
          <p className="bracket-champion" role="status">
            Champion: <strong>{data.champion.name}</strong>
          </p>
        ) : null}
        <Rounds tenant={tenant} bracket={data} />
      </>
    )
  }

  return (
    <main className="page bracket-page" id="main">
      <p className="bracket-back">
        <Link to={sitePath(tenant, 'teamList')}>Back to the standings</Link>
      </p>
      <h1 className="page-title">{data?.name ?? 'Playoff bracket'}</h1>
      {body}
    </main>
  )
}
