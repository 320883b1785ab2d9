import { type FormEvent, type ReactNode, useEffect, useState } from 'react'
import { Link, useParams } from 'react-router'
import type { StatLine } from '../../../../worker/domain/derived-stats'
import { useSite } from '../../app/site-context'
import { CheckboxField, TextField } from '../../components/field'
import { ErrorState, Loading } from '../../components/status'
import { ApiError, errorMessage } from '../../lib/api-client'
import { gameDay, gameTime } from '../../lib/format'
import { loadNamespace, useT } from '../../lib/i18n'
import { sitePath } from '../../lib/tenant'
import type { RosterPlayer } from './api'
import { MAX_SCORE } from './box-score'
import { boxScorePayload, changeCell, draftsFrom, firstInvalidCell, parseWholeNumber } from './box-score-editor'
import { type CellChange, gridHandlers } from './box-score-grid'
import { BoxScoreTable } from './components/box-score-table'
import { StatInput } from './components/stat-input'
import './games.css'
import './score-report.css'
import { type MemberReport, useMemberReport, useSendReport } from './score-report-api'

type Drafts = Record<number, Record<string, string>>

/** The report's saved lines as the grid's lines: each player's values by stat abbreviation. */
function savedLines(report: MemberReport): Map<number, StatLine> {
  const byId = new Map(report.stats.map((s) => [s.id, s.abbreviation]))
  const lines = new Map<number, StatLine>()
  for (const line of report.report?.lines ?? []) {
    const abbreviation = byId.get(line.stat_id)
    if (!abbreviation) continue
    lines.set(line.player_id, { ...(lines.get(line.player_id) ?? {}), [abbreviation]: line.value })
  }
  return lines
}

/**
 * A captain's report of their game's final score (docs/members.md "Score reports"): the two scores
 * under the teams' names as the site shows them, optionally their own team's box-score lines in the
 * desk's grid (typing and pasting as at the desk), and where the two captains' reports stand.
 */
export function ScoreReportPage() {
  const t = useT()
  const { tenant, organization } = useSite()
  const gameId = Number(useParams().gameId)
  const report = useMemberReport(tenant, gameId)

  useEffect(() => {
    document.title = t('member.report.documentTitle', { organization: organization.name })
  }, [t, organization.name])

  let body: ReactNode
  if (report.isPending) body = <Loading text={t('member.report.loading')} />
  else if (report.isError) {
    const status = report.error instanceof ApiError ? report.error.status : 0
    body =
      status === 401 ? (
        <p className="member-report-note">
          {t('member.report.signInFirst')} <Link to={sitePath(tenant, 'member/sign-in')}>{t('member.report.signIn')}</Link>
        </p>
      ) : status === 403 || status === 404 ? (
        <p className="member-report-note" role="alert">
          {status === 403 ? t('member.report.notCaptain') : t('member.report.notFound')}
        </p>
      ) : (
        <ErrorState message={t('member.report.loadFailed')} onRetry={() => report.refetch()} />
      )
  } else body = <ReportForm key={`${report.data.report?.version ?? 0}`} data={report.data} />

  return (
    <section className="page member-report">
      <h1 className="page-title">{t('member.report.title')}</h1>
      {body}
    </section>
  )
}

function ReportForm({ data }: { data: MemberReport }) {
  const t = useT()
  const { tenant, organization } = useSite()
  const send = useSendReport(tenant, data.game.id)
  const { game, team } = data
  const [home, setHome] = useState(data.report ? String(data.report.score_home) : '')
  const [away, setAway] = useState(data.report ? String(data.report.score_away) : '')
  const [invalid, setInvalid] = useState<'home' | 'away' | null>(null)
  const saved = savedLines(data)
  const players: RosterPlayer[] = data.roster.map((p) => ({ ...p, image: null }))
  const playerIds = players.map((p) => p.id)
  const [withLines, setWithLines] = useState(saved.size > 0)
  const [drafts, setDrafts] = useState<Drafts>(() => draftsFrom(saved, playerIds, data.stats))
  const [notice, setNotice] = useState<string | null>(null)
  const [cellProblem, setCellProblem] = useState<string | null>(null)

  // The grid's paste refusal is the desk's sentence (admin catalog): load it when the grid opens.
  useEffect(() => {
    if (withLines) void loadNamespace('admin').catch(() => {})
  }, [withLines])

  const open = data.state === 'open' || data.state === 'waiting' || data.state === 'differ'
  const when = t('game.when', { day: gameDay(game, organization.timeZone), time: gameTime(game.time) })

  const onCells = (changes: CellChange[]) =>
    setDrafts((current) => {
      const next = { ...current }
      for (const c of changes) next[c.playerId] = changeCell(next[c.playerId] ?? {}, c.abbreviation, c.text, data.stats)
      return next
    })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const scoreHome = parseWholeNumber(home, MAX_SCORE)
    const scoreAway = parseWholeNumber(away, MAX_SCORE)
    if (scoreHome === null || home.trim() === '') return setInvalid('home')
    if (scoreAway === null || away.trim() === '') return setInvalid('away')
    setInvalid(null)
    let lines: { player_id: number; stat_id: number; value: number }[] = []
    if (withLines) {
      const bad = firstInvalidCell(drafts)
      if (bad) return setCellProblem(t('member.report.invalidCell', { stat: bad.abbreviation }))
      lines = boxScorePayload(game.id, playerIds, drafts, { allStats: data.stats, playerStats: [] }).stats.map((s) => ({
        player_id: Number(s.player_id),
        stat_id: Number(s.stat_id),
        value: Number(s.value),
      }))
    }
    setCellProblem(null)
    send.mutate({ version: data.report?.version ?? null, score_home: scoreHome, score_away: scoreAway, lines })
  }

  const side = team.side === 'home' ? 'Home' : 'Away'
  return (
    <>
      <p className="member-report-game">
        <strong>{t('member.report.matchup', { home: game.homeTeam.name, away: game.awayTeam.name })}</strong>
        <br />
        {when}
      </p>
      <p className="member-report-team">{t('member.report.yourTeam', { team: team.name })}</p>
      <StateNote data={data} />
      {open && !game.started ? <p className="member-report-note">{t('member.report.notStarted')}</p> : null}
      {open && game.started ? (
        <form className="card member-report-form" onSubmit={submit} noValidate>
          <h2 className="section-title">{data.report ? t('member.report.changeTitle') : t('member.report.formTitle')}</h2>
          <div className="member-report-scores">
            <TextField
              id="report-home"
              label={t('member.report.scoreOf', { team: game.homeTeam.name })}
              inputMode="numeric"
              autoComplete="off"
              value={home}
              onChange={setHome}
              error={invalid === 'home' ? t('member.report.invalidScore') : undefined}
            />
            <TextField
              id="report-away"
              label={t('member.report.scoreOf', { team: game.awayTeam.name })}
              inputMode="numeric"
              autoComplete="off"
              value={away}
              onChange={setAway}
              error={invalid === 'away' ? t('member.report.invalidScore') : undefined}
            />
          </div>
          {data.stats.length > 0 && players.length > 0 ? (
            <CheckboxField
              id="report-lines"
              label={t('member.report.addLines', { team: team.name })}
              checked={withLines}
              onChange={setWithLines}
            />
          ) : null}
          {withLines ? (
            <>
              <p className="member-report-hint">{t('member.report.linesHint')}</p>
              <BoxScoreTable
                side={side}
                teamName={team.name}
                players={players}
                stats={data.stats}
                lines={saved}
                drafts={drafts}
                playerHref={(id) => sitePath(tenant, `players/${id}`)}
                cellInput={({ player, name, stat, row, col }) => (
                  <StatInput
                    label={`${name} ${stat.abbreviation}`}
                    text={drafts[player.id]?.[stat.abbreviation] ?? ''}
                    row={row}
                    col={col}
                    onChange={(text) => onCells([{ playerId: player.id, abbreviation: stat.abbreviation, text }])}
                  />
                )}
                grid={gridHandlers({ players, stats: data.stats, onCells, onNotice: setNotice })}
                notice={notice}
              />
            </>
          ) : null}
          {cellProblem ? (
            <p className="flash flash-error" role="alert">
              {cellProblem}
            </p>
          ) : null}
          {send.isError ? (
            <p className="flash flash-error" role="alert">
              {errorMessage(send.error, t('member.report.sendFailed'))}
            </p>
          ) : null}
          <div className="member-report-actions">
            <button type="submit" className="button button-primary" disabled={send.isPending}>
              {send.isPending ? t('member.report.sending') : t('member.report.send')}
            </button>
          </div>
        </form>
      ) : null}
    </>
  )
}

/** Where the reports stand, in words. */
function StateNote({ data }: { data: MemberReport }) {
  const t = useT()
  const { game, report } = data
  let text: string
  switch (data.state) {
    case 'open':
      text = data.otherReported ? t('member.report.state.otherFirst') : t('member.report.state.open')
      break
    case 'waiting':
      text = t('member.report.state.waiting')
      break
    case 'differ':
      text = t('member.report.state.differ')
      break
    case 'final':
      text = t('member.report.state.final', {
        home: game.homeTeam.name,
        away: game.awayTeam.name,
        homeScore: game.score_home,
        awayScore: game.score_away,
      })
      break
    case 'settled':
      text = t('member.report.state.settled', {
        home: game.homeTeam.name,
        away: game.awayTeam.name,
        homeScore: game.score_home,
        awayScore: game.score_away,
      })
      break
    case 'live':
      text = t('member.report.state.live')
      break
    default:
      text = t('member.report.state.notPlayed')
  }
  return (
    <div className={`member-report-state member-report-state-${data.state}`} role="status">
      <p>{text}</p>
      {report && data.state !== 'final' && data.state !== 'settled' ? (
        <p className="member-report-hint">
          {t('member.report.yourReport', {
            home: game.homeTeam.name,
            away: game.awayTeam.name,
            homeScore: report.score_home,
            awayScore: report.score_away,
          })}
        </p>
      ) : null}
    </div>
  )
}
