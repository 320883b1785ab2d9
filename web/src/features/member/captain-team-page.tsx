import { type FormEvent, useId, useState } from 'react'
import { Link, useParams } from 'react-router'
import { useSite } from '../../app/site-context'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { FieldError } from '../../components/form-modal'
import { EmptyState, ErrorState, Loading } from '../../components/status'
import { ApiError, errorMessage } from '../../lib/api-client'
import { formatDate, gameDate, gameTime } from '../../lib/format'
import { useT } from '../../lib/i18n'
import { sitePath } from '../../lib/tenant'
import { CaptainConstraints } from './captain-constraints'
import { CaptainFreeAgents } from './captain-free-agents'
import {
  type Counts,
  type TeamPage,
  useInvite,
  useMakeLink,
  useRemovePlayer,
  useRevokeLink,
  useTeamPage,
} from './team-members-api'
import './team-members.css'

type Pending = { kind: 'remove'; player: TeamPage['players'][number] } | { kind: 'revoke'; linkId: number } | null

/** The answers of a game as one line: "3 in · 1 out · 0 maybe · 2 no answer". */
export function CountsLine({ counts }: { counts: Counts }) {
  const t = useT()
  return <span className="availability-counts">{t('memberTeam.counts', { ...counts })}</span>
}

/** docs/members.md "Captains": the captain's roster, invites, share links and coming games. */
export function CaptainTeamPage() {
  const t = useT()
  const site = useSite()
  const sltId = Number(useParams().seasonsLeagueTeamId)
  const page = useTeamPage(sltId)
  const [pending, setPending] = useState<Pending>(null)
  const remove = useRemovePlayer(sltId)
  const revoke = useRevokeLink(sltId)

  if (page.isPending) return <Loading text={t('memberTeam.loading')} />
  if (page.isError) {
    const status = page.error instanceof ApiError ? page.error.status : 0
    const message =
      status === 401
        ? t('memberTeam.signInFirst')
        : status === 403
          ? t('memberTeam.notCaptain')
          : errorMessage(page.error, t('memberTeam.loadFailed'))
    return (
      <section className="member-page">
        <h1 className="page-title">{t('memberTeam.title')}</h1>
        <ErrorState message={message} onRetry={status >= 500 || status === 0 ? () => page.refetch() : undefined} />
        {status === 401 ? <Link to={sitePath(site.tenant, 'member/sign-in')}>{t('memberTeam.signInLink')}</Link> : null}
      </section>
    )
  }
  const { team, rules, players, links, games } = page.data
  const locked = rules.deadlinePassed
  const full = rules.placesLeft === 0

  return (
    <section className="member-page" aria-labelledby="captain-team-title">
      <h1 className="page-title" id="captain-team-title">
        {team.name}
      </h1>
      <p className="muted">{t('memberTeam.place', { league: team.leagueName, season: team.seasonName })}</p>
      <p className="member-rules">
        {rules.rosterSize === null
          ? t('memberTeam.noLimit', { count: players.length })
          : t('memberTeam.places', { count: players.length, size: rules.rosterSize, left: rules.placesLeft ?? 0 })}{' '}
        {rules.rosterDeadline
          ? t(locked ? 'memberTeam.deadlinePassed' : 'memberTeam.deadline', {
              date: formatDate(rules.rosterDeadline, site.organization.timeZone),
            })
          : null}
      </p>

      <section className="member-section" aria-labelledby="roster-title">
        <h2 className="section-title" id="roster-title">
          {t('memberTeam.roster')}
        </h2>
        {players.length === 0 ? (
          <EmptyState>{t('memberTeam.emptyRoster')}</EmptyState>
        ) : (
          <ul className="member-list">
            {players.map((player) => (
              <li key={player.id} className="member-row">
                <span className="member-name">
                  {player.firstName} {player.lastName}
                  {player.captain ? <span className="member-badge">{t('memberTeam.captain')}</span> : null}
                </span>
                <span className={`member-state member-state-${player.state}`}>{t(`memberTeam.state.${player.state}`)}</span>
                {player.me || locked ? null : (
                  <button
                    type="button"
                    className="button button-small"
                    aria-label={t('memberTeam.removeNamed', { name: `${player.firstName} ${player.lastName}` })}
                    onClick={() => setPending({ kind: 'remove', player })}
                  >
                    {t('memberTeam.remove')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      {locked ? null : (
        <>
          <InviteForm sltId={sltId} disabled={full} />
          <ShareLinks sltId={sltId} links={links} disabled={full} onRevoke={(linkId) => setPending({ kind: 'revoke', linkId })} />
          <CaptainFreeAgents sltId={sltId} disabled={full} />
        </>
      )}

      <CaptainConstraints sltId={sltId} />

      <section className="member-section" aria-labelledby="games-title">
        <h2 className="section-title" id="games-title">
          {t('memberTeam.games')}
        </h2>
        {games.length === 0 ? (
          <EmptyState>{t('memberTeam.noGames')}</EmptyState>
        ) : (
          <ul className="member-list">
            {games.map((game) => (
              <li key={game.id} className="member-row">
                <Link to={sitePath(site.tenant, `member/games/${game.id}`)} className="member-name">
                  {t(game.home ? 'memberTeam.vs' : 'memberTeam.at', {
                    date: gameDate(game.date, site.organization.timeZone),
                    time: gameTime(game.time),
                    opponent: game.opponent,
                  })}
                </Link>
                <CountsLine counts={game.counts} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <ConfirmDialog
        open={pending?.kind === 'remove'}
        title={t('memberTeam.removeTitle')}
        confirmLabel={t('memberTeam.remove')}
        message={
          pending?.kind === 'remove' ? (
            <p>
              {t('memberTeam.removeQuestion', {
                name: `${pending.player.firstName} ${pending.player.lastName}`,
                team: team.name,
              })}
            </p>
          ) : null
        }
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, t('memberTeam.removeFailed')) : null}
        onConfirm={() => pending?.kind === 'remove' && remove.mutate(pending.player.id, { onSuccess: () => setPending(null) })}
        onCancel={() => {
          remove.reset()
          setPending(null)
        }}
      />
      <ConfirmDialog
        open={pending?.kind === 'revoke'}
        title={t('memberTeam.revokeTitle')}
        confirmLabel={t('memberTeam.revoke')}
        message={<p>{t('memberTeam.revokeQuestion')}</p>}
        busy={revoke.isPending}
        error={revoke.isError ? errorMessage(revoke.error, t('memberTeam.revokeFailed')) : null}
        onConfirm={() => pending?.kind === 'revoke' && revoke.mutate(pending.linkId, { onSuccess: () => setPending(null) })}
        onCancel={() => {
          revoke.reset()
          setPending(null)
        }}
      />
    </section>
  )
}

function InviteForm({ sltId, disabled }: { sltId: number; disabled: boolean }) {
  const t = useT()
  const id = useId()
  const invite = useInvite(sltId)
  const [firstName, setFirstName] = useState('')
  const [lastName, setLastName] = useState('')
  const [email, setEmail] = useState('')
  const [sent, setSent] = useState<string | null>(null)
  const fields = invite.error instanceof ApiError ? (invite.error.fields ?? {}) : {}

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setSent(null)
    invite.mutate(
      { firstName: firstName.trim(), lastName: lastName.trim(), email: email.trim() },
      {
        onSuccess: () => {
          setSent(t('memberTeam.invited', { email: email.trim() }))
          setFirstName('')
          setLastName('')
          setEmail('')
        },
      },
    )
  }

  const field = (key: 'firstName' | 'lastName' | 'email', value: string, set: (v: string) => void, type = 'text') => (
    <div className="field">
      <label htmlFor={`${id}-${key}`}>{t(`memberTeam.${key}`)}</label>
      <input
        id={`${id}-${key}`}
        type={type}
        value={value}
        required
        maxLength={key === 'email' ? 254 : 60}
        autoComplete="off"
        aria-invalid={fields[key] ? true : undefined}
        aria-describedby={fields[key] ? `${id}-${key}-error` : undefined}
        onChange={(event) => set(event.target.value)}
      />
      <FieldError id={`${id}-${key}-error`}>{fields[key]}</FieldError>
    </div>
  )

  return (
    <section className="member-section" aria-labelledby={`${id}-title`}>
      <h2 className="section-title" id={`${id}-title`}>
        {t('memberTeam.inviteTitle')}
      </h2>
      {disabled ? <p className="muted">{t('memberTeam.full')}</p> : null}
      <form className="member-form" onSubmit={submit}>
        {field('firstName', firstName, setFirstName)}
        {field('lastName', lastName, setLastName)}
        {field('email', email, setEmail, 'email')}
        {invite.isError && !Object.keys(fields).length ? (
          <p className="flash flash-error" role="alert">
            {errorMessage(invite.error, t('memberTeam.inviteFailed'))}
          </p>
        ) : null}
        {sent ? (
          <p className="flash" role="status">
            {sent}
          </p>
        ) : null}
        <button type="submit" className="button button-primary" disabled={disabled || invite.isPending}>
          {invite.isPending ? t('memberTeam.sending') : t('memberTeam.invite')}
        </button>
      </form>
    </section>
  )
}

function ShareLinks({
  sltId,
  links,
  disabled,
  onRevoke,
}: {
  sltId: number
  links: TeamPage['links']
  disabled: boolean
  onRevoke: (linkId: number) => void
}) {
  const t = useT()
  const id = useId()
  const site = useSite()
  const make = useMakeLink(sltId)
  const [days, setDays] = useState('7')
  const [maxUses, setMaxUses] = useState('10')
  const [copied, setCopied] = useState(false)

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setCopied(false)
    make.mutate({ days: Number(days), maxUses: Number(maxUses) })
  }
  const copy = async (url: string) => {
    await navigator.clipboard?.writeText(url).catch(() => undefined)
    setCopied(true)
  }

  return (
    <section className="member-section" aria-labelledby={`${id}-title`}>
      <h2 className="section-title" id={`${id}-title`}>
        {t('memberTeam.linksTitle')}
      </h2>
      <p className="muted">{t('memberTeam.linksHelp')}</p>
      <form className="member-form member-form-inline" onSubmit={submit}>
        <div className="field">
          <label htmlFor={`${id}-days`}>{t('memberTeam.linkDays')}</label>
          <select id={`${id}-days`} value={days} onChange={(event) => setDays(event.target.value)}>
            {['1', '7', '14', '30'].map((d) => (
              <option key={d} value={d}>
                {t('memberTeam.days', { count: Number(d) })}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-uses`}>{t('memberTeam.linkUses')}</label>
          <input
            id={`${id}-uses`}
            type="number"
            inputMode="numeric"
            min={1}
            max={100}
            required
            value={maxUses}
            onChange={(event) => setMaxUses(event.target.value)}
          />
        </div>
        <button type="submit" className="button button-primary" disabled={disabled || make.isPending}>
          {t('memberTeam.makeLink')}
        </button>
      </form>
      {make.isError ? (
        <p className="flash flash-error" role="alert">
          {errorMessage(make.error, t('memberTeam.linkFailed'))}
        </p>
      ) : null}
      {make.data ? (
        <div className="share-link">
          <label htmlFor={`${id}-url`}>{t('memberTeam.newLink')}</label>
          <div className="share-link-row">
            <input id={`${id}-url`} readOnly value={make.data.url} onFocus={(event) => event.currentTarget.select()} />
            <button type="button" className="button" onClick={() => copy(make.data.url)}>
              {t('memberTeam.copy')}
            </button>
          </div>
          <p className="muted" role="status">
            {copied ? t('memberTeam.copied') : t('memberTeam.shownOnce')}
          </p>
        </div>
      ) : null}
      {links.length === 0 ? (
        <EmptyState>{t('memberTeam.noLinks')}</EmptyState>
      ) : (
        <ul className="member-list">
          {links.map((link) => (
            <li key={link.id} className="member-row">
              <span className="member-name">
                {t('memberTeam.linkLine', {
                  uses: link.uses,
                  max: link.maxUses,
                  date: formatDate(new Date(link.expiresAt).toISOString(), site.organization.timeZone, 'short'),
                })}
              </span>
              <span className={`member-state ${link.active ? 'member-state-joined' : 'member-state-none'}`}>
                {t(
                  link.revoked
                    ? 'memberTeam.linkRevoked'
                    : link.active
                      ? 'memberTeam.linkActive'
                      : link.uses >= link.maxUses
                        ? 'memberTeam.linkUsedUp'
                        : 'memberTeam.linkExpired',
                )}
              </span>
              {link.active ? (
                <button type="button" className="button button-small" onClick={() => onRevoke(link.id)}>
                  {t('memberTeam.revoke')}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
