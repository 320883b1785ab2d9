// One line of a record list, as the record book answers it (docs/records.md). Pure types, so the
// SPA reads them without the data layer.

export interface RecordEntry {
  /** 1 + how many entries have a higher value: tied entries share it. */
  rank: number
  tied: boolean
  value: number
  player: { id: number; firstName: string; lastName: string }
  games?: number
  total?: number
  attempts?: number
  game?: { id: number; date: string | null; team: { id: number; name: string }; opponent: { id: number; name: string } }
  season?: { id: number; name: string }
  league?: { id: number; name: string } | null
}

export interface RecordList {
  entries: RecordEntry[]
  /** More entries tie at the last place than the list shows. */
  truncated: boolean
}
