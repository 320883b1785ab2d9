import { type ReactNode, useEffect, useMemo, useState } from 'react'
import type { StatLine } from '../../../../../worker/domain/derived-stats'
import {
  canonicalStat,
  type DerivedGame,
  deriveGame,
  type LiveEvent,
  orderEvents,
  periodName,
} from '../../../../../worker/domain/live-scoring'
import { useT } from '../../../lib/i18n'
import { type Tenant, tenantQuery } from '../../../lib/tenant'
import type { GameDetail } from '../api'
import './live.css'

// Built here rather than in live-api.ts: one chunk fewer for the game page to name.
/** The fan socket's address: the same path as the events, upgraded (no session is sent or needed). */
export function fanSocketUrl(gameId: number, after: number, tenant: Tenant | null) {
  const url = new URL(`/api/live/games/${gameId}`, window.location.href)
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
  url.searchParams.set('after', String(after))
  if (tenant) for (const [k, v] of Object.entries(tenantQuery(tenant))) url.searchParams.set(k, v)
  return url.toString()
}

type Message =
  | { type: 'hello' | 'events'; events: LiveEvent[]; pos: number }
  | { type: 'refresh' }
  | { type: 'closed'; reason: 'deleted' | 'closed' }

/**
 * Follows a game over one read-only socket that starts with the events missed since the last one
 * seen, then gets each new one, and reconnects by itself from the last event seen. Returns the stop.
 */
export function followGame(
  gameId: number,
  tenant: Tenant | null,
  onEvents: (events: LiveEvent[]) => void,
  onRefresh: () => void,
): () => void {
  let events: LiveEvent[] = []
  let pos = 0
  let socket: WebSocket | null = null
  let closed = false
  let retry = 0
  let timer: number | undefined
  let keepAlive: number | undefined
  const connect = () => {
    socket = new WebSocket(fanSocketUrl(gameId, pos, tenant))
    socket.onopen = () => {
      retry = 0
      keepAlive = window.setInterval(() => socket?.readyState === WebSocket.OPEN && socket.send('ping'), 30_000)
    }
    socket.onmessage = (m) => {
      if (m.data === 'pong') return
      const message = JSON.parse(String(m.data)) as Message
      if (message.type === 'refresh') {
        onRefresh()
        return
      }
      if (message.type === 'closed') {
        // The game was deleted or closed at the desk: the room lets its fans go, and the page shows
        // what the game now says (the desk's result, or Game not found) instead of the room's events.
        closed = true
        events = []
        onEvents(events)
        onRefresh()
        return
      }
      pos = Math.max(pos, message.pos)
      if (message.events.length > 0) {
        events = orderEvents([...events, ...message.events])
        onEvents(events)
      }
      if (message.events.some((e) => e.action === 'end')) onRefresh()
    }
    socket.onclose = () => {
      window.clearInterval(keepAlive)
      if (closed) return
      retry += 1
      timer = window.setTimeout(connect, Math.min(15_000, 500 * 2 ** retry))
    }
  }
  connect()
  return () => {
    closed = true
    window.clearTimeout(timer)
    window.clearInterval(keepAlive)
    socket?.close()
  }
}

/** The derived lines as the box-score table reads them: each shown stat of the organization by abbreviation. */
export function liveLines(game: DerivedGame, stats: { abbreviation: string }[]): Map<number, StatLine> {
  const lines = new Map<number, StatLine>()
  for (const line of game.lines) {
    const out: StatLine = {}
    for (const s of stats) out[s.abbreviation] = line.stats[canonicalStat(s.abbreviation)] ?? 0
    lines.set(line.playerId, out)
  }
  return lines
}

interface Props {
  gameId: number
  tenant: Tenant | null
  data: GameDetail
  /** Read the game again: a save at the desk, or the final whistle. */
  onRefresh: () => void
  children: (panel?: ReactNode, lines?: Map<number, StatLine>) => ReactNode
}

/**
 * The public game page's live layer (docs/live-scoring.md): follows the game's room and, once the game
 * has events, hands the page a LIVE panel (score, period) and the box score derived from the events.
 */
export default function LiveGame({ gameId, tenant, data, onRefresh, children }: Props) {
  const t = useT()
  const [events, setEvents] = useState<LiveEvent[]>([])
  const tenantText = JSON.stringify(tenant)
  const refresh = useMemo(() => ({ current: onRefresh }), [onRefresh])
  refresh.current = onRefresh
  useEffect(() => {
    if (typeof WebSocket === 'undefined') return
    return followGame(gameId, JSON.parse(tenantText) as Tenant | null, setEvents, () => refresh.current())
  }, [gameId, tenantText, refresh])
  const home = data.game.team1_id
  const away = data.game.team2_id
  const derived = useMemo(() => (events.length > 0 ? deriveGame(events, { home, away }) : null), [events, home, away])
  if (!derived) return <>{children()}</>
  const panel = (
    <section className="game-section live-panel" aria-label={t('live.score')} aria-live="polite">
      <p>
        <span className="live-badge" data-testid="live-status">
          {derived.final ? t('game.final') : t('live.badge')}
        </span>{' '}
        <span data-testid="live-period">{derived.final ? t('periods.final') : periodName(data.gamePeriods, derived.period)}</span>
      </p>
      <div className="live-panel-score">
        <span>{data.game.homeTeam.name}</span>
        <span data-testid="live-score">
          {derived.score.home}–{derived.score.away}
        </span>
        <span>{data.game.awayTeam.name}</span>
      </div>
    </section>
  )
  return <>{children(panel, liveLines(derived, data.allStats))}</>
}
