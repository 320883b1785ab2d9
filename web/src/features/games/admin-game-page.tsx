import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useState } from 'react'
import { Link, useParams } from 'react-router'
import type { StatLine } from '../../../../worker/domain/derived-stats'
import { isCompleted } from '../../../../worker/domain/games'
import { Breadcrumbs } from '../../components/admin-table'
import { type PendingConflict, PendingConflictDialog } from '../../components/conflict-dialog'
import { Flash, useFlash } from '../../components/flash'
import { RecordPageStatus, validRecordId } from '../../components/record-page-status'
import { ApiError, staleConflict } from '../../lib/api-client'
import { t as translate, useT } from '../../lib/i18n'
import { useSaveBoxScore, useSaveGameDetails, useSaveScores } from './admin-api'
import { type GameDetail, type GameDetailsInput, gameKeys, type ScoresInput, useGameDetail } from './api'
import { type Drafts, displayLine, hasValues, type ScoreDrafts, savedLines, scorePeriods } from './box-score'
import {
  changeCell,
  changedLinesPayload,
  draftsFrom,
  firstInvalidCell,
  lineFromDraft,
  pointsMismatch,
  rebaseDrafts,
  scoreDraftsFrom,
  scoresPayload,
} from './box-score-editor'
import { type CellChange, gridHandlers } from './box-score-grid'
import { BoxScoreTable, type BoxScoreTableProps } from './components/box-score-table'
import { GameDetailsModal } from './components/game-details-modal'
import { GameScoreHeader } from './components/game-score-header'
import { PeriodScoresTable } from './components/period-scores-table'
import { StatInput } from './components/stat-input'
import './games.css'

type Mode = 'view' | 'stats' | 'scores'

/** A line as one short text for the conflict dialog: "PTS 12 · REB 4". */
const lineText = (line: StatLine | undefined) =>
  Object.entries(line ?? {})
    .filter(([, v]) => v > 0)
    .map(([k, v]) => `${k} ${v}`)
    .join(' · ') || translate('admin.game.emptyLine')

/** The server's reason for a 4xx, to follow the spec's own failure text. */
const reasonOf = (error: unknown) => (error instanceof ApiError && error.status < 500 && error.message ? ` ${error.message}` : '')

const playerHref = (playerId: number) => `/dashboard/players/${playerId}`

/**
 * docs/reference/league-admin.md Admin game page /games/{id}: Edit Stats, Edit Final Scores and Edit Game; home and away
 * stat tables with totals. Stats and final scores are edited separately (docs/reference/league-admin.md §4).
 */
export function AdminGamePage() {
  const t = useT()
  const gameId = Number(useParams().gameId)
  const detail = useGameDetail(gameId, null)

  useEffect(() => {
    const game = detail.data?.game
    document.title = game
      ? t('admin.game.documentTitle', { home: game.homeTeam.name, away: game.awayTeam.name })
      : t('admin.game.title')
  }, [detail.data?.game, t])

  if (!validRecordId(gameId) || !detail.isSuccess) {
    const back = { to: '/schedule', label: t('admin.game.backToSchedule') }
    return <RecordPageStatus query={detail} id={gameId} noun="game" back={back} failed={t('admin.game.loadError')} />
  }
  return <GameEditor gameId={gameId} detail={detail.data} />
}

function GameEditor({ gameId, detail }: { gameId: number; detail: GameDetail }) {
  const t = useT()
  const { game, allStats, homeRoster, awayRoster } = detail
  const flash = useFlash()
  const [mode, setMode] = useState<Mode>('view')
  const [drafts, setDrafts] = useState<Drafts | null>(null)
  const [scoreDrafts, setScoreDrafts] = useState<ScoreDrafts | null>(null)
  const [invalidScore, setInvalidScore] = useState<string | null>(null)
  const [detailsOpen, setDetailsOpen] = useState(false)
  const [conflict, setConflict] = useState<PendingConflict | null>(null)
  /** A refused paste's message, by side ('Home' or 'Away'). */
  const [gridNotice, setGridNotice] = useState<{ side: string; message: string } | null>(null)
  const saveStats = useSaveBoxScore(gameId)
  const queryClient = useQueryClient()
  const saveScores = useSaveScores(gameId)
  const saveDetails = useSaveGameDetails(gameId)

  const saved = useMemo(() => savedLines(detail), [detail])
  const playerIds = useMemo(() => [...homeRoster, ...awayRoster].map((p) => p.id), [homeRoster, awayRoster])
  const lines = useMemo(() => {
    if (!drafts) return saved
    return new Map(Object.entries(drafts).map(([id, draft]): [number, StatLine] => [Number(id), lineFromDraft(draft)]))
  }, [drafts, saved])
  const periods = scorePeriods(detail.gamePeriods)

  // docs/reference/league-admin.md §4: the mismatch flag. Decision: it is worked out from the data each time (the lines on
  // screen against the saved final score), so it stays up for as long as the two disagree — across
  // reloads in the session too — and never outlives a correction.
  const mismatchFor = (roster: typeof homeRoster, finalScore: number) => {
    const teamLines = roster.map((p) => lines.get(p.id)).filter((line): line is StatLine => hasValues(line))
    if (!pointsMismatch(teamLines, finalScore, isCompleted(game))) return null
    return { points: teamLines.reduce((sum, line) => sum + (line.PTS ?? 0), 0), finalScore }
  }

  // The final score offered from the box score's points (docs/live-scoring.md: no number typed twice).
  const pointsOf = (roster: typeof homeRoster) =>
    roster.reduce((sum, p) => {
      const line = saved.get(p.id)
      return sum + (hasValues(line) && line ? (displayLine(line, allStats).PTS ?? 0) : 0)
    }, 0)
  const boxScoreTotals = allStats.some((s) => s.abbreviation === 'PTS')
    ? { home: pointsOf(homeRoster), away: pointsOf(awayRoster) }
    : null

  const startStats = () => {
    setGridNotice(null)
    setDrafts(draftsFrom(saved, playerIds, allStats))
    setMode('stats')
  }
  const startScores = () => {
    setScoreDrafts(scoreDraftsFrom(detail))
    setInvalidScore(null)
    setMode('scores')
  }
  // docs/reference/league-admin.md §4: cancelling restores the last loaded stats / the saved scores.
  const cancel = () => {
    setGridNotice(null)
    setDrafts(null)
    setScoreDrafts(null)
    setInvalidScore(null)
    setMode('view')
  }

  const onCellChange = (playerId: number, abbreviation: string, text: string) =>
    setDrafts(
      (current) => current && { ...current, [playerId]: changeCell(current[playerId] ?? {}, abbreviation, text, allStats) },
    )

  /** A pasted block's cells, applied together as if typed one by one (PTS follows the shots as it does when typing). */
  const onCellsChange = (changes: CellChange[]) =>
    setDrafts((current) => {
      if (!current) return current
      const next = { ...current }
      for (const c of changes) next[c.playerId] = changeCell(next[c.playerId] ?? {}, c.abbreviation, c.text, allStats)
      return next
    })

  const cellInput: BoxScoreTableProps['cellInput'] = ({ player, name, stat, row, col }) => (
    <StatInput
      label={`${name} ${stat.abbreviation}`}
      text={drafts?.[player.id]?.[stat.abbreviation] ?? ''}
      row={row}
      col={col}
      onChange={(text) => onCellChange(player.id, stat.abbreviation, text)}
    />
  )

  const gridOf = (side: string, roster: typeof homeRoster) =>
    mode === 'stats'
      ? gridHandlers({
          players: roster,
          stats: allStats,
          onCells: onCellsChange,
          onNotice: (message) => setGridNotice(message ? { side, message } : null),
        })
      : undefined
  // The home team's box score, then the away team's.
  const sides = [
    { side: 'Home', team: game.homeTeam, roster: homeRoster, score: game.score_home },
    { side: 'Away', team: game.awayTeam, roster: awayRoster, score: game.score_away },
  ]

  const submitStats = () => {
    if (!Number.isInteger(gameId) || gameId <= 0) {
      flash.show(t('admin.game.noId'), 'error')
      return
    }
    if (!drafts) return
    const invalid = firstInvalidCell(drafts)
    if (invalid) {
      flash.show(t('admin.game.invalidCell', { stat: invalid.abbreviation }), 'error')
      return
    }
    sendStats(drafts, detail, saved)
  }

  /**
   * Saves the lines changed against `base` (what this person started from, or what is saved now),
   * with the versions the API checks (docs/api-concurrency.md): each changed line's, and the whole
   * box score's, so a save never goes over lines someone else saved since without this person
   * seeing them.
   */
  const sendStats = (mine: Drafts, base: GameDetail, baseLines: Map<number, StatLine>) => {
    const payload = { ...changedLinesPayload(gameId, playerIds, mine, base, baseLines), boxScoreVersion: base.boxScoreVersion }
    if (Object.keys(payload.lineVersions ?? {}).length === 0) {
      setDrafts(null)
      setMode('view')
      flash.show(t('admin.game.statsUpdated'))
      return
    }
    saveStats.mutate(payload, {
      onSuccess: () => {
        setConflict(null)
        setDrafts(null)
        setMode('view')
        flash.show(t('admin.game.statsUpdated'))
      },
      onError: (error) => {
        const stale = staleConflict<GameDetail>(error)
        if (!stale?.current) {
          flash.show(t('admin.game.statsFailed', { reason: reasonOf(error) }), 'error')
          return
        }
        const current = stale.current
        const currentLines = savedLines(current)
        const currentIds = [...current.homeRoster, ...current.awayRoster].map((p) => p.id)
        // The saved lines, with this person's own changes on top: never a stale copy of another line.
        const rebased = rebaseDrafts(mine, currentIds, current.allStats, baseLines, currentLines)
        const names = new Map([...current.homeRoster, ...current.awayRoster].map((p) => [p.id, `${p.firstName} ${p.lastName}`]))
        const sent = Object.keys(payload.lineVersions ?? {}).map(Number)
        const clashing = sent.filter((id) => (current.lineVersions[id] ?? 0) !== (payload.lineVersions?.[id] ?? 0))
        if (clashing.length === 0) {
          // Decision: only other lines changed (docs/decisions/2026-11-28-box-score-version.md): the
          // editor shows them as saved now, keeps this person's changes, and asks for the save again.
          setConflict(null)
          setDrafts(rebased)
          // The page reads the box score saved now: the next save starts from it.
          queryClient.setQueryData(gameKeys.detail(null, gameId), current)
          flash.show(`${stale.message} Your changes are kept.`, 'error')
          return
        }
        setConflict({
          message: stale.message,
          changedBy: stale.changedBy,
          rows: clashing.map((id) => ({
            key: String(id),
            label: names.get(id) ?? t('admin.game.playerNumber', { id }),
            mine: lineText(lineFromDraft(mine[id])),
            theirs: lineText(currentLines.get(id)),
          })),
          resend: (keepMine) => {
            // Lines not kept take the saved values; this person's other changes stay theirs, and
            // every line they did not change takes the saved value too.
            const theirs = draftsFrom(currentLines, currentIds, current.allStats)
            const merged: Drafts = { ...rebased }
            for (const id of clashing) {
              const saved = theirs[id]
              if (saved && !keepMine.has(String(id))) merged[id] = saved
            }
            setDrafts(merged)
            sendStats(merged, current, currentLines)
          },
        })
      },
    })
  }

  const submitScores = () => {
    if (!scoreDrafts) return
    const payload = scoresPayload(scoreDrafts, detail)
    if (!payload.ok) {
      setInvalidScore(payload.field)
      flash.show(t('admin.game.scoresInvalid'), 'error')
      return
    }
    sendScores(scoreDrafts, payload.input, game.version)
  }

  const sendScores = (mine: ScoreDrafts, input: ScoresInput, version: number) =>
    saveScores.mutate(
      { ...input, version },
      {
        onSuccess: () => {
          setConflict(null)
          setScoreDrafts(null)
          setInvalidScore(null)
          setMode('view')
          flash.show(t('admin.game.scoreUpdated'))
        },
        onError: (error) => {
          const stale = staleConflict<GameDetail>(error)
          if (!stale?.current) {
            flash.show(t('admin.game.scoreFailed', { reason: reasonOf(error) }), 'error')
            return
          }
          const current = stale.current
          const theirs = scoreDraftsFrom(current)
          const label = (key: string) =>
            key === 'home'
              ? t('admin.game.teamFinal', { team: current.game.homeTeam.name })
              : key === 'away'
                ? t('admin.game.teamFinal', { team: current.game.awayTeam.name })
                : (() => {
                    const [periodId, teamId] = key.split(':').map(Number)
                    const period = current.gamePeriods.find((p) => p.id === periodId)?.name ?? t('admin.game.period')
                    const team = teamId === current.game.team1_id ? current.game.homeTeam.name : current.game.awayTeam.name
                    return t('admin.game.teamPeriod', { team, period })
                  })()
          const keys = Object.keys(theirs).filter((k) => (mine[k] ?? '') !== (theirs[k] ?? ''))
          setConflict({
            message: stale.message,
            changedBy: stale.changedBy,
            rows: keys.map((k) => ({ key: k, label: label(k), mine: mine[k] ?? '', theirs: theirs[k] ?? '' })),
            resend: (keepMine) => {
              const merged: ScoreDrafts = { ...theirs }
              for (const k of keepMine) merged[k] = mine[k] ?? ''
              setScoreDrafts(merged)
              const next = scoresPayload(merged, current)
              if (next.ok) sendScores(merged, next.input, current.game.version)
            },
          })
        },
      },
    )

  const submitDetails = (input: GameDetailsInput, version = game.version) =>
    saveDetails.mutate(
      { ...input, version },
      {
        onSuccess: () => {
          setConflict(null)
          setDetailsOpen(false)
          flash.show(t('admin.game.detailsUpdated'))
        },
        onError: (error) => {
          const stale = staleConflict<GameDetail>(error)
          if (!stale?.current) {
            flash.show(t('admin.game.detailsFailed'), 'error')
            return
          }
          const now = stale.current.game
          const fields = ['video_url', 'location', 'date', 'time', 'status'] as const
          const differing = fields.filter((f) => (input[f] ?? '') !== (now[f] ?? ''))
          setDetailsOpen(false)
          setConflict({
            message: stale.message,
            changedBy: stale.changedBy,
            rows: differing.map((f) => ({ key: f, label: f.replace('_', ' '), mine: input[f] ?? '', theirs: now[f] ?? '' })),
            resend: (keepMine) => {
              const merged: GameDetailsInput = { ...input }
              for (const f of differing) if (!keepMine.has(f)) Object.assign(merged, { [f]: now[f] })
              submitDetails(merged, now.version)
            },
          })
        },
      },
    )

  const busy = saveStats.isPending || saveScores.isPending

  return (
    <section className="admin-page game-page">
      <Breadcrumbs>
        <Link to="/schedule">{t('admin.common.schedule')}</Link>
        {game.season_id && game.league ? (
          <Link to={`/dashboard/seasons/${game.season_id}/leagues/${game.league.id}`}>
            {game.league.name ?? t('admin.common.league')}
          </Link>
        ) : null}
      </Breadcrumbs>
      <div className="page-heading">
        <h1 className="page-title">{t('admin.common.vs', { home: game.homeTeam.name, away: game.awayTeam.name })}</h1>
        <Link to="/schedule" className="button button-small">
          {t('admin.common.schedule')}
        </Link>
      </div>
      <GameScoreHeader game={game} />
      <Flash message={flash.message} />

      <div className="game-toolbar" role="toolbar" aria-label={t('admin.game.actions')}>
        {mode === 'view' ? (
          <>
            <button type="button" className="button button-primary" onClick={startStats}>
              {t('admin.game.editStats')}
            </button>
            <button type="button" className="button" onClick={startScores}>
              {t('admin.game.editScores')}
            </button>
            <button
              type="button"
              className="button"
              onClick={() => {
                saveDetails.reset()
                setDetailsOpen(true)
              }}
            >
              {t('admin.gameForm.edit')}
            </button>
            {/* Live scoring on a phone: events, from which the box score is derived (docs/live-scoring.md). */}
            {game.status === 'scheduled' ? (
              <Link to={`/games/${game.id}/live`} className="button">
                {t('admin.game.scoreLive')}
              </Link>
            ) : null}
          </>
        ) : (
          <>
            <button
              type="button"
              className="button button-primary"
              onClick={mode === 'stats' ? submitStats : submitScores}
              disabled={busy}
            >
              {busy ? t('admin.common.savingDots') : mode === 'stats' ? t('admin.game.saveStats') : t('admin.game.saveScores')}
            </button>
            <button type="button" className="button" onClick={cancel} disabled={busy}>
              {t('admin.common.cancel')}
            </button>
            {mode === 'scores' && boxScoreTotals && boxScoreTotals.home + boxScoreTotals.away > 0 ? (
              <button
                type="button"
                className="button"
                onClick={() =>
                  setScoreDrafts(
                    (current) => current && { ...current, home: String(boxScoreTotals.home), away: String(boxScoreTotals.away) },
                  )
                }
              >
                {t('admin.game.useTotals', { home: boxScoreTotals.home, away: boxScoreTotals.away })}
              </button>
            ) : null}
            <span className="muted game-toolbar-hint">
              {mode === 'stats' ? t('admin.game.statsHint') : t('admin.game.scoresHint')}
            </span>
          </>
        )}
      </div>

      <section className="game-section" aria-labelledby="period-scores-title">
        <h2 id="period-scores-title" className="section-title">
          {t('admin.game.scoreByPeriod')}
        </h2>
        <PeriodScoresTable
          game={game}
          periods={periods}
          periodScores={detail.periodScores}
          drafts={mode === 'scores' && scoreDrafts ? scoreDrafts : undefined}
          invalidField={invalidScore}
          onChange={(key, text) => setScoreDrafts((current) => current && { ...current, [key]: text })}
        />
      </section>

      {allStats.length === 0 ? (
        <p className="state state-empty">{t('admin.game.noStats')}</p>
      ) : (
        <div className="box-scores">
          {sides.map(({ side, team, roster, score }) => (
            <BoxScoreTable
              key={side}
              side={side}
              teamName={team.name}
              players={roster}
              stats={allStats}
              lines={lines}
              drafts={mode === 'stats' && drafts ? drafts : undefined}
              cellInput={cellInput}
              playerHref={playerHref}
              mismatch={mismatchFor(roster, score)}
              grid={gridOf(side, roster)}
              notice={mode === 'stats' && gridNotice?.side === side ? gridNotice.message : null}
            />
          ))}
        </div>
      )}

      <PendingConflictDialog
        conflict={conflict}
        busy={saveStats.isPending || saveScores.isPending || saveDetails.isPending}
        onDone={() => setConflict(null)}
      />

      <GameDetailsModal
        open={detailsOpen}
        game={game}
        busy={saveDetails.isPending}
        error={saveDetails.error ? t('admin.game.detailsFailedReason', { reason: reasonOf(saveDetails.error) }) : null}
        onSave={submitDetails}
        onClose={() => setDetailsOpen(false)}
      />
    </section>
  )
}
