// The scorer's event log on this device (docs/live-scoring.md): taps go to IndexedDB first, then to
// the game's room in the order they were made; what other scorers sent is read back and merged by id.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { cancelledIds, type LiveAction, type LiveEvent, orderEvents } from '../../../../../worker/domain/live-scoring'
import { ApiError } from '../../../lib/api-client'
import { t } from '../../../lib/i18n'
import { fetchLiveState, postEvents } from '../../../lib/live-api'
import { deleteEvents, deviceId, gameEvents, nextSeq, putEvents, type StoredEvent } from './event-store'

const BATCH = 100
const RETRY_MS = 3_000

export type SyncState = 'saved' | 'sending' | 'offline' | 'stopped'

export function useScorer(gameId: number) {
  const [events, setEvents] = useState<StoredEvent[]>([])
  const [loaded, setLoaded] = useState(false)
  const [state, setState] = useState<SyncState>('saved')
  const [problem, setProblem] = useState<string | null>(null)
  const eventsRef = useRef<StoredEvent[]>([])
  const syncing = useRef(false)
  // The server refused this game's events for good (closed, not allowed, gone): nothing is sent again.
  const stopped = useRef(false)

  const update = useCallback((change: (current: StoredEvent[]) => StoredEvent[]) => {
    eventsRef.current = change(eventsRef.current)
    setEvents(eventsRef.current)
  }, [])

  /** Events the server has that this device has not seen (other scorers, or a reload). */
  const pull = useCallback(async () => {
    const known = eventsRef.current
    const after = known.some((e) => e.synced === 0)
      ? 0
      : Math.max(0, ...known.filter((e) => e.pos !== undefined).map((e) => e.pos ?? 0))
    const answer = await fetchLiveState(gameId, after, null)
    const fromServer: StoredEvent[] = answer.events.map((e) => ({ ...e, gameId, synced: 1 }))
    if (fromServer.length === 0) return
    await putEvents(fromServer)
    update((current) => {
      const byId = new Map(current.map((e) => [e.id, e]))
      for (const e of fromServer) byId.set(e.id, e)
      return [...byId.values()]
    })
  }, [gameId, update])

  const sync = useCallback(async () => {
    if (syncing.current || stopped.current) return
    syncing.current = true
    const device = deviceId()
    try {
      for (;;) {
        const pending = eventsRef.current.filter((e) => e.synced === 0 && e.deviceId === device).sort((a, b) => a.seq - b.seq)
        if (pending.length === 0) break
        // The browser knows it has no network: keep the events queued until its 'online' event
        // (a send now could only fail, or slip out through the service worker).
        if (!navigator.onLine) {
          setState('offline')
          return
        }
        setState('sending')
        const batch = pending.slice(0, BATCH)
        try {
          await postEvents(gameId, batch)
        } catch (error) {
          if (error instanceof ApiError && error.status === 400 && Array.isArray(error.body?.refused)) {
            // The server said which events it will never take (say, a player taken off the roster): they go.
            const refused = error.body.refused as string[]
            await deleteEvents(refused)
            update((current) => current.filter((e) => !refused.includes(e.id)))
            setProblem(
              t('admin.live.refused', { count: refused.length, reason: Object.values(error.fields ?? {})[0] ?? error.message }),
            )
            continue
          }
          if (error instanceof ApiError && (error.status === 409 || error.status === 403 || error.status === 404)) {
            setProblem(error.message)
            setState('stopped')
            stopped.current = true
            return
          }
          // No network (or the server is busy): the events wait, and go when it is back.
          setState('offline')
          return
        }
        const sent = new Set(batch.map((e) => e.id))
        const marked = batch.map((e) => ({ ...e, synced: 1 as const }))
        await putEvents(marked)
        update((current) => current.map((e) => (sent.has(e.id) ? { ...e, synced: 1 } : e)))
      }
      await pull()
      setState('saved')
    } catch {
      setState('offline')
    } finally {
      syncing.current = false
    }
  }, [gameId, pull, update])

  useEffect(() => {
    let cancelled = false
    void (async () => {
      const local = await gameEvents(gameId)
      if (cancelled) return
      eventsRef.current = local
      setEvents(local)
      setLoaded(true)
      await sync()
    })()
    const retry = window.setInterval(() => {
      if (eventsRef.current.some((e) => e.synced === 0) || navigator.onLine) void sync()
    }, RETRY_MS)
    const online = () => void sync()
    const offline = () => setState((s) => (s === 'stopped' ? s : 'offline'))
    window.addEventListener('online', online)
    window.addEventListener('offline', offline)
    return () => {
      cancelled = true
      window.clearInterval(retry)
      window.removeEventListener('online', online)
      window.removeEventListener('offline', offline)
    }
  }, [gameId, sync])

  /** Records one event: on the device first (IndexedDB), then sent. */
  const record = useCallback(
    async (
      action: LiveAction,
      fields: { playerId?: number | null; teamId?: number | null; period: number; ref?: string | null },
    ) => {
      const event: StoredEvent = {
        id: `ev-${crypto.randomUUID()}`,
        deviceId: deviceId(),
        seq: nextSeq(),
        action,
        playerId: fields.playerId ?? null,
        teamId: fields.teamId ?? null,
        period: fields.period,
        ref: fields.ref ?? null,
        at: new Date().toISOString(),
        gameId,
        synced: 0,
      }
      await putEvents([event])
      update((current) => [...current, event])
      void sync()
      return event
    },
    [gameId, sync, update],
  )

  const ordered = useMemo(() => orderEvents(events as LiveEvent[]) as StoredEvent[], [events])
  const waiting = events.filter((e) => e.synced === 0).length
  /** The latest event an undo would cancel (stat or period change, not yet undone). */
  const undoable = useMemo(() => {
    const cancelled = cancelledIds(ordered)
    return [...ordered].reverse().find((e) => e.action !== 'undo' && e.action !== 'end' && !cancelled.has(e.id)) ?? null
  }, [ordered])

  return { events: ordered, loaded, state, waiting, problem, record, undoable, dismissProblem: () => setProblem(null) }
}
