// A fan's view of a live game (docs/live-scoring.md): one read-only socket to the game's room that
// starts with the events missed since the last one seen, then receives each new one; it reconnects
// by itself from the last event seen.
import { useEffect, useRef, useState } from 'react'
import { type LiveEvent, orderEvents } from '../../../../worker/domain/live-scoring'
import type { Tenant } from '../../lib/tenant'
import { fanSocketUrl } from './live-api'

type Message = { type: 'hello' | 'events'; events: LiveEvent[]; pos: number } | { type: 'refresh' }

export function useLiveGame(gameId: number, tenant: Tenant | null, onRefresh: () => void) {
  const [events, setEvents] = useState<LiveEvent[]>([])
  const [connected, setConnected] = useState(false)
  const pos = useRef(0)
  const refresh = useRef(onRefresh)
  refresh.current = onRefresh
  const tenantKey = tenant ? JSON.stringify(tenant) : ''

  useEffect(() => {
    if (!Number.isInteger(gameId) || gameId <= 0 || typeof WebSocket === 'undefined') return
    let socket: WebSocket | null = null
    let closed = false
    let retry = 0
    let timer: number | undefined
    let keepAlive: number | undefined
    const parsedTenant = tenantKey ? (JSON.parse(tenantKey) as Tenant) : null
    const connect = () => {
      socket = new WebSocket(fanSocketUrl(gameId, pos.current, parsedTenant))
      socket.onopen = () => {
        retry = 0
        setConnected(true)
        keepAlive = window.setInterval(() => socket?.readyState === WebSocket.OPEN && socket.send('ping'), 30_000)
      }
      socket.onmessage = (m) => {
        if (m.data === 'pong') return
        const message = JSON.parse(String(m.data)) as Message
        if (message.type === 'refresh') {
          refresh.current()
          return
        }
        pos.current = Math.max(pos.current, message.pos)
        if (message.events.length > 0) setEvents((current) => orderEvents([...current, ...message.events]))
        if (message.events.some((e) => e.action === 'end')) refresh.current()
      }
      socket.onclose = () => {
        setConnected(false)
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
  }, [gameId, tenantKey])

  return { events, connected }
}
