import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { useSite } from '../../app/site-context'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { EmptyState, ErrorState, Loading } from '../../components/status'
import { ApiError, errorMessage } from '../../lib/api-client'
import { gameDate, gameTime } from '../../lib/format'
import { useT } from '../../lib/i18n'
import { sitePath } from '../../lib/tenant'
import { dataDownloadUrl, deleteAccount, type Me, signOut, useGamesToReport, useMe, useMemberGames } from './account-api'
import '../../components/member-area.css'
import { NotificationChoices } from './notification-choices'
import { PasskeySection } from './passkeys'

/**
 * docs/members.md: the member's own page — a greeting, their teams (a Captain badge where they are
 * one), their own teams' upcoming games, and their account (data download, sign out, delete).
 */
export function MemberHomePage() {
  const t = useT()
  const { tenant, organization } = useSite()
  const me = useMe(tenant)

  useEffect(() => {
    document.title = t('memberAccount.home.documentTitle', { organization: organization.name })
  }, [t, organization.name])

  if (me.isPending) {
    return (
      <main className="page member-page" id="main">
        <Loading text={t('memberAccount.home.loading')} />
      </main>
    )
  }
  if (me.isError) {
    const signedOut = me.error instanceof ApiError && (me.error.status === 401 || me.error.status === 403)
    return (
      <main className="page member-page" id="main">
        <h1 className="page-title">{t('memberAccount.signIn.title')}</h1>
        {signedOut ? (
          <section className="member-card">
            <p>{t('memberAccount.home.signedOut')}</p>
            <Link className="button button-primary" to={sitePath(tenant, 'member/sign-in')}>
              {t('memberAccount.home.signInLink')}
            </Link>
          </section>
        ) : (
          <ErrorState message={t('memberAccount.home.loadError')} onRetry={() => me.refetch()} />
        )}
      </main>
    )
  }
  return <MemberHome member={me.data} />
}

function MemberHome({ member }: { member: Me }) {
  const t = useT()
  const { tenant } = useSite()
  const games = useMemberGames(tenant, true)
  const teamName = new Map(member.teams.map((team) => [team.teamId, team.teamName]))

  return (
    <main className="page member-page" id="main">
      <h1 className="page-title">{t('memberAccount.home.hello', { name: member.player.firstName })}</h1>

      <section className="member-section" aria-labelledby="member-teams">
        <h2 id="member-teams">{t('memberAccount.home.teams')}</h2>
        {member.teams.length === 0 ? (
          <EmptyState>{t('memberAccount.home.noTeams')}</EmptyState>
        ) : (
          <ul className="member-list">
            {member.teams.map((team) => (
              <li key={team.seasonsLeagueTeamId} className="member-item">
                <span className="member-item-main">
                  <Link to={sitePath(tenant, `teams/${team.teamId}`)}>{team.teamName}</Link>
                  {team.captain ? <span className="member-badge">{t('memberAccount.home.captain')}</span> : null}
                </span>
                {team.captain ? (
                  // The captain's own page of the team (docs/members.md "Captains"): roster, invites,
                  // free agents, the dates the team can't play.
                  <Link
                    className="member-item-action"
                    to={sitePath(tenant, `member/team/${team.seasonsLeagueTeamId}`)}
                    aria-label={t('memberAccount.home.manageTeamLabel', { team: team.teamName })}
                  >
                    {t('memberAccount.home.manageTeam')}
                  </Link>
                ) : null}
                <span className="member-item-detail">
                  {t('memberAccount.home.teamSeason', { league: team.leagueName, season: team.seasonName })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="member-section" aria-labelledby="member-games">
        <h2 id="member-games">{t('memberAccount.home.games')}</h2>
        {games.isPending ? (
          <Loading />
        ) : games.isError ? (
          <ErrorState message={t('memberAccount.home.gamesError')} onRetry={() => games.refetch()} />
        ) : games.data.length === 0 ? (
          <EmptyState>{t('memberAccount.home.noGames')}</EmptyState>
        ) : (
          <ul className="member-list">
            {games.data.map((game) => (
              <li key={`${game.id}-${game.teamId}`} className="member-item">
                <span className="member-item-main">
                  <Link to={sitePath(tenant, `member/games/${game.id}`)}>
                    {t('memberAccount.home.gameLabel', { home: game.team1.name, away: game.team2.name })}
                  </Link>
                  {game.status === 'postponed' ? (
                    <span className="member-badge member-badge-muted">{t('memberAccount.home.postponed')}</span>
                  ) : null}
                </span>
                <span className="member-item-detail">
                  {gameDate(game.date)} · {gameTime(game.time)}
                  {game.location ? ` · ${game.location}` : ''}
                  {member.teams.length > 1 ? ` · ${teamName.get(game.teamId) ?? ''}` : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <GamesToReport />
      <section className="member-section" aria-labelledby="member-registrations">
        <h2 id="member-registrations">{t('register.mine')}</h2>
        <p>
          <Link to={sitePath(tenant, 'member/registrations')}>{t('register.mineLink')}</Link>
          {' · '}
          <Link to={sitePath(tenant, 'register')}>{t('register.title')}</Link>
        </p>
      </section>

      <NotificationChoices />
      <PasskeySection />
      <AccountSection member={member} />
    </main>
  )
}

/**
 * A captain's recent games with their score reports' state, each opening the report screen
 * (docs/members.md "Score reports"). Nothing for a member who captains no game of the last days.
 */
function GamesToReport() {
  const t = useT()
  const { tenant } = useSite()
  const reports = useGamesToReport(tenant, true)
  if (!reports.data || reports.data.length === 0) return null
  return (
    <section className="member-section" aria-labelledby="member-reports">
      <h2 id="member-reports">{t('memberAccount.home.reports')}</h2>
      <ul className="member-list">
        {reports.data.map((game) => (
          <li key={`${game.id}-${game.teamId}`} className="member-item">
            <span className="member-item-main">
              <Link to={sitePath(tenant, `member/games/${game.id}/report`)}>
                {t('memberAccount.home.gameLabel', { home: game.team1.name, away: game.team2.name })}
              </Link>
              <span className={game.state === 'open' ? 'member-badge' : 'member-badge member-badge-muted'}>
                {t(`memberAccount.home.report.${game.state}`)}
              </span>
            </span>
            <span className="member-item-detail">
              {gameDate(game.date)} · {gameTime(game.time)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}

function AccountSection({ member }: { member: Me }) {
  const t = useT()
  const { tenant } = useSite()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const leave = () => {
    queryClient.removeQueries({ queryKey: ['member'] })
    navigate(sitePath(tenant, 'member/sign-in'), { replace: true })
  }
  const out = async () => {
    setBusy(true)
    await signOut(tenant).catch(() => undefined)
    leave()
  }
  const remove = async () => {
    setBusy(true)
    setError(null)
    try {
      await deleteAccount(tenant)
      leave()
    } catch (failure) {
      setError(errorMessage(failure, t('memberAccount.home.deleteFailed')))
      setBusy(false)
    }
  }

  return (
    <section className="member-section" aria-labelledby="member-account">
      <h2 id="member-account">{t('memberAccount.home.account')}</h2>
      <p className="member-email">{t('memberAccount.home.email', { email: member.email })}</p>
      <div className="member-actions">
        <a className="button" href={dataDownloadUrl(tenant)} download="my-courtside-data.json">
          {t('memberAccount.home.download')}
        </a>
        <button type="button" className="button" onClick={out} disabled={busy}>
          {t('memberAccount.home.signOut')}
        </button>
        <button type="button" className="button member-delete" onClick={() => setConfirming(true)} disabled={busy}>
          {t('memberAccount.home.delete')}
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('memberAccount.home.deleteTitle')}
        message={t('memberAccount.home.deleteMessage')}
        confirmLabel={t('memberAccount.home.delete')}
        busy={busy}
        error={error}
        onConfirm={remove}
        onCancel={() => {
          setConfirming(false)
          setError(null)
        }}
      />
    </section>
  )
}
