import { useEffect, useMemo, useState } from 'react'
import { Link, useParams } from 'react-router'
import {
  ACTION_INFO,
  deriveGame,
  describeAction,
  offeredActions,
  periodName,
  type StatAction,
} from '../../../../../worker/domain/live-scoring'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { ErrorState, Loading } from '../../../components/status'
import { isNotFound } from '../../../lib/api-client'
import { t as translate, useT } from '../../../lib/i18n'
import { type RosterPlayer, useGameDetail } from '../api'
import { useScorer } from './use-scorer'
import './live.css'

const name = (p: RosterPlayer) => `${p.firstName} ${p.lastName}`.trim()

/** Same-origin addresses this document loaded: its scripts and styles, this page's chunk, the answers it read. */
function loadedAddresses(): string[] {
  const urls = new Set<string>()
  const add = (address: string) => {
    const url = new URL(address, window.location.href)
    if (url.origin === window.location.origin) urls.add(url.href)
  }
  for (const entry of performance.getEntriesByType('resource')) add(entry.name)
  // The resource timeline holds 250 entries by default: a long session's earliest ones may be gone.
  for (const script of document.querySelectorAll<HTMLScriptElement>('script[src]')) add(script.src)
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel~="stylesheet"], link[rel~="modulepreload"]'))
    add(link.href)
  add(import.meta.url)
  return [...urls]
}

/**
 * The scorer page works offline (docs/live-scoring.md "Offline"): a service worker keeps its shell,
 * chunks and the game's data. On the first visit the page loaded all of them before the worker ran
 * it, so the page hands it their addresses to store; true once the worker has them all.
 */
function useOfflineShell() {
  const [kept, setKept] = useState(false)
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return
    let current = true
    void (async () => {
      await navigator.serviceWorker.register('/live-sw.js')
      const registration = await navigator.serviceWorker.ready
      const channel = new MessageChannel()
      channel.port1.onmessage = (m: MessageEvent<{ ok?: boolean }>) => {
        if (current && m.data?.ok) setKept(true)
      }
      registration.active?.postMessage({ type: 'keep', page: window.location.href.split('#')[0], urls: loadedAddresses() }, [
        channel.port2,
      ])
    })().catch(() => {})
    return () => {
      current = false
    }
  }, [])
  return kept
}

/**
 * The scorer's view of a live game (docs/live-scoring.md), phone-first: the score and period on top,
 * both rosters, then the actions for the chosen player. Every tap is an event kept on the device
 * first; undo records a compensating event, never a deletion.
 */
/** An event's name in the user's language (admin.live.action.*; English as worker/domain/live-scoring.ts). */
const actionLabel = (action: string) => {
  const key = `admin.live.action.${action}`
  const text = translate(key)
  return text === key ? describeAction(action as StatAction) : text
}

export function ScorerPage() {
  const t = useT()
  const keptOffline = useOfflineShell()
  const gameId = Number(useParams().gameId)
  const detail = useGameDetail(gameId, null)
  const scorer = useScorer(gameId)
  const [playerId, setPlayerId] = useState<number | null>(null)
  const [confirmEnd, setConfirmEnd] = useState(false)

  const data = detail.data
  const home = data?.game.team1_id ?? 0
  const away = data?.game.team2_id ?? 0
  const teams = useMemo(() => ({ home, away }), [home, away])
  const derived = useMemo(() => deriveGame(scorer.events, teams), [scorer.events, teams])
  const actions = useMemo(() => offeredActions((data?.allStats ?? []).map((s) => s.abbreviation)), [data?.allStats])
  const player = data && playerId ? [...data.homeRoster, ...data.awayRoster].find((p) => p.id === playerId) : undefined
  const teamOf = (id: number) => (data?.homeRoster.some((p) => p.id === id) ? teams.home : teams.away)

  useEffect(() => {
    document.title = data
      ? t('admin.live.documentTitle', { home: data.game.homeTeam.name, away: data.game.awayTeam.name })
      : t('admin.live.title')
  }, [data, t])

  if (!Number.isInteger(gameId) || gameId <= 0 || isNotFound(detail.error)) {
    return (
      <main className="page" id="main">
        <h1 className="page-title">{t('admin.live.notFound')}</h1>
        <Link to="/games">{t('admin.game.backToSchedule')}</Link>
      </main>
    )
  }
  if (detail.isPending || !scorer.loaded) return <Loading text={t('admin.live.loading')} />
  if (detail.isError || !data) return <ErrorState message={t('admin.game.loadError')} onRetry={() => detail.refetch()} />

  const period = derived.period
  const closed = derived.final || data.game.status !== 'scheduled'
  const tap = async (action: StatAction) => {
    if (!player) return
    await scorer.record(action, { playerId: player.id, teamId: teamOf(player.id), period })
    setPlayerId(null)
  }
  const recent = scorer.events.slice(-6).reverse()
  const playerName = new Map([...data.homeRoster, ...data.awayRoster].map((p) => [p.id, name(p)]))

  return (
    <main className="page live-scorer" id="main">
      <div className="live-bar" aria-live="polite">
        <div className="live-bar-score">
          <span className="live-bar-team">{data.game.homeTeam.name}</span>
          <span className="live-bar-points" data-testid="score-home">
            {derived.score.home}
          </span>
          <span aria-hidden="true">–</span>
          <span className="live-bar-points" data-testid="score-away">
            {derived.score.away}
          </span>
          <span className="live-bar-team">{data.game.awayTeam.name}</span>
        </div>
        <div className="live-bar-meta">
          <span data-testid="period">{closed ? t('admin.live.final') : periodName(data.gamePeriods, period)}</span>
          <SyncBadge state={scorer.state} waiting={scorer.waiting} />
        </div>
      </div>
      <h1 className="visually-hidden">{t('admin.live.title')}</h1>
      {scorer.problem ? (
        <p className="flash flash-error" role="alert">
          {scorer.problem}{' '}
          <button type="button" className="button button-small" onClick={scorer.dismissProblem}>
            {t('admin.live.dismiss')}
          </button>
        </p>
      ) : null}
      {closed ? (
        <p className="flash">{t('admin.live.over')}</p>
      ) : (
        <>
          <div className="live-rosters">
            {(
              [
                ['Home', data.game.homeTeam.name, data.homeRoster],
                ['Away', data.game.awayTeam.name, data.awayRoster],
              ] as const
            ).map(([side, teamName, roster]) => (
              <section key={side} className="live-roster" aria-label={t('admin.live.rosterLabel', { side, team: teamName })}>
                <h2 className="live-roster-title">{teamName}</h2>
                {roster.length === 0 ? <p className="muted">{t('admin.live.noPlayers')}</p> : null}
                {roster.map((p) => (
                  <button
                    key={p.id}
                    type="button"
                    className="live-player"
                    aria-pressed={playerId === p.id}
                    onClick={() => setPlayerId(playerId === p.id ? null : p.id)}
                  >
                    {name(p)}
                    <span className="live-player-points">{derived.lines.find((l) => l.playerId === p.id)?.stats.PTS ?? 0}</span>
                  </button>
                ))}
              </section>
            ))}
          </div>
          <section
            className="live-actions"
            aria-label={player ? t('admin.live.actionsFor', { name: name(player) }) : t('admin.live.actions')}
          >
            <p className="live-actions-hint">
              {player ? t('admin.live.playerPicked', { name: name(player) }) : t('admin.live.tapHint')}
            </p>
            <div className="live-action-grid">
              {actions.map((a) => (
                <button
                  key={a}
                  type="button"
                  className={`live-action${ACTION_INFO[a].points > 0 ? ' live-action-score' : ''}`}
                  disabled={!player}
                  onClick={() => void tap(a)}
                >
                  {actionLabel(a)}
                </button>
              ))}
            </div>
          </section>
          <div className="live-controls">
            <button
              type="button"
              className="button live-control"
              disabled={!scorer.undoable}
              onClick={() => scorer.undoable && void scorer.record('undo', { ref: scorer.undoable.id, period })}
            >
              {t('admin.live.undo', { action: scorer.undoable ? actionLabel(scorer.undoable.action) : '' })}
            </button>
            <button
              type="button"
              className="button live-control"
              onClick={() => void scorer.record('period', { period: period + 1 })}
            >
              {t('admin.live.nextPeriod')}
            </button>
            <button type="button" className="button button-danger live-control" onClick={() => setConfirmEnd(true)}>
              {t('admin.live.endGame')}
            </button>
          </div>
        </>
      )}
      <section aria-labelledby="live-recent-title" className="live-recent">
        <h2 id="live-recent-title" className="section-title">
          {t('admin.live.lastEvents')}
        </h2>
        {recent.length === 0 ? (
          <p className="muted">{t('admin.live.nothingYet')}</p>
        ) : (
          <ol className="live-recent-list">
            {recent.map((e) => (
              <li key={e.id}>
                {actionLabel(e.action)}
                {e.playerId ? ` · ${playerName.get(e.playerId) ?? t('admin.game.playerNumber', { id: e.playerId })}` : ''}
                {e.action === 'period' ? ` · ${periodName(data.gamePeriods, e.period)}` : ''}
                {e.synced === 0 ? <span className="live-waiting"> {t('admin.live.waiting')}</span> : null}
              </li>
            ))}
          </ol>
        )}
      </section>
      {keptOffline ? (
        <p className="muted" data-testid="offline-ready">
          {t('admin.live.offlineReady')}
        </p>
      ) : null}
      <p>
        <Link to={`/games/${gameId}`}>{t('admin.live.backToGame')}</Link>
      </p>
      <ConfirmDialog
        open={confirmEnd}
        title={t('admin.live.endQuestion')}
        message={t('admin.live.endMessage', { home: derived.score.home, away: derived.score.away })}
        confirmLabel={t('admin.live.endGame')}
        onCancel={() => setConfirmEnd(false)}
        onConfirm={() => {
          setConfirmEnd(false)
          void scorer.record('end', { period })
        }}
      />
    </main>
  )
}

function SyncBadge({ state, waiting }: { state: string; waiting: number }) {
  const t = useT()
  const text =
    state === 'offline'
      ? t('admin.live.offline', { count: waiting })
      : waiting > 0
        ? t('admin.live.sending', { count: waiting })
        : state === 'stopped'
          ? t('admin.live.notSending')
          : t('admin.live.allSaved')
  return (
    <span className={`live-sync live-sync-${state}`} data-testid="sync-state" role="status">
      {text}
    </span>
  )
}
