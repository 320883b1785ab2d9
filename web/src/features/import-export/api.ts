import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../lib/api-client'

// The spreadsheet import and CSV export calls (docs/csv-import-export.md).

export type ImportKind = 'rosters' | 'games'
export type RowStatus = 'new' | 'match' | 'error'
/** Per row number: the default existing match, a new one, or one of the matching players by id. */
export type ImportChoices = Record<number, 'existing' | 'new' | number>

export interface PlayerCandidate {
  id: number
  firstName: string
  lastName: string
  team: string | null
}

export interface RosterRow {
  row: number
  status: RowStatus
  message: string | null
  team: string
  division: string
  firstName: string
  lastName: string
  captain: boolean
  teamStatus: 'new' | 'existing' | 'inLeague' | null
  candidates: PlayerCandidate[]
  choice: 'existing' | 'new' | null
  playerId: number | null
  onRoster: boolean
  attributes: Record<string, string>
}

export interface GameRow {
  row: number
  status: RowStatus
  message: string | null
  date: string | null
  time: string | null
  home: string
  away: string
  homeScore: number | null
  awayScore: number | null
  gameStatus: string | null
  location: string | null
  gameId: number | null
  choice: 'existing' | 'new' | null
  changes: string[]
}

export interface RosterSummary {
  rows: number
  errors: number
  newTeams: number
  addedTeams: number
  newPlayers: number
  existingPlayers: number
  unchanged: number
}

export interface GameSummary {
  rows: number
  errors: number
  newGames: number
  updatedGames: number
  unchanged: number
}

export type Preview =
  | { kind: 'rosters'; token: string; rows: RosterRow[]; summary: RosterSummary; ignoredColumns: string[]; canCommit: boolean }
  | { kind: 'games'; token: string; rows: GameRow[]; summary: GameSummary; ignoredColumns: string[]; canCommit: boolean }

export interface ImportRequest {
  seasonId: number
  leagueId: number
  kind: ImportKind
  text: string
  token?: string
  choices?: ImportChoices
}

const leaguePath = (seasonId: number, leagueId: number) => `/api/csv/seasons/${seasonId}/leagues/${leagueId}`

export function useCommitImport() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ seasonId, leagueId, kind, text, token, choices }: ImportRequest) =>
      api.post<{ kind: ImportKind; summary: RosterSummary | GameSummary; written: boolean }>(
        `${leaguePath(seasonId, leagueId)}/import/commit`,
        { kind, text, token, choices },
      ),
    // Teams, rosters, players, standings and schedules all change.
    onSuccess: () => queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'csv-preview' }),
  })
}

/** Where each export downloads from (a plain link: the browser saves the file). */
export const exportUrls = (seasonId: number, leagueId: number) => ({
  rosters: `${leaguePath(seasonId, leagueId)}/rosters.csv`,
  schedule: `${leaguePath(seasonId, leagueId)}/games.csv`,
  standings: `${leaguePath(seasonId, leagueId)}/standings.csv`,
  boxScores: `${leaguePath(seasonId, leagueId)}/box-scores.csv`,
  players: '/api/csv/players.csv',
})
