// The scorer's events on the device (docs/live-scoring.md "Offline"): every tap is written to
// IndexedDB before anything else, so closing the tab, reloading or losing the network loses nothing.
// Events wait there, in the order they were made, until the game's room acknowledges them.
import type { LiveEvent } from '../../../../../worker/domain/live-scoring'

export interface StoredEvent extends LiveEvent {
  gameId: number
  /** 0 while waiting to be sent, 1 once the server has it. */
  synced: 0 | 1
}

const DB_NAME = 'courtside-live'
const STORE = 'events'

let opening: Promise<IDBDatabase> | null = null

function open(): Promise<IDBDatabase> {
  opening ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1)
    request.onupgradeneeded = () => {
      const store = request.result.createObjectStore(STORE, { keyPath: 'id' })
      store.createIndex('game', 'gameId')
    }
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => {
      opening = null
      reject(request.error)
    }
  })
  return opening
}

function done(tx: IDBTransaction) {
  return new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve()
    tx.onerror = () => reject(tx.error)
    tx.onabort = () => reject(tx.error)
  })
}

/** Every event of the game this device knows (its own, sent or not, and those read from the server). */
export async function gameEvents(gameId: number): Promise<StoredEvent[]> {
  const db = await open()
  return new Promise((resolve, reject) => {
    const request = db.transaction(STORE).objectStore(STORE).index('game').getAll(gameId)
    request.onsuccess = () => resolve(request.result as StoredEvent[])
    request.onerror = () => reject(request.error)
  })
}

/** Keeps events (a new tap, or events read from the server); a stored event is only ever marked sent. */
export async function putEvents(events: StoredEvent[]) {
  if (events.length === 0) return
  const db = await open()
  const tx = db.transaction(STORE, 'readwrite')
  const store = tx.objectStore(STORE)
  for (const e of events) store.put(e)
  await done(tx)
}

export async function deleteEvents(ids: string[]) {
  if (ids.length === 0) return
  const db = await open()
  const tx = db.transaction(STORE, 'readwrite')
  for (const id of ids) tx.objectStore(STORE).delete(id)
  await done(tx)
}

/** This device's id and its next sequence number (kept in localStorage; the sequence never goes back). */
export function deviceId(): string {
  let id = localStorage.getItem('courtside-device')
  if (!id) {
    id = `dev-${crypto.randomUUID()}`
    localStorage.setItem('courtside-device', id)
  }
  return id
}

export function nextSeq(): number {
  const seq = Number(localStorage.getItem('courtside-device-seq') ?? '0') + 1
  localStorage.setItem('courtside-device-seq', String(seq))
  return seq
}
