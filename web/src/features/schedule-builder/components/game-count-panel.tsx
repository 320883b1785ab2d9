import { EmptyState, ErrorState, Loading } from '../../../components/status'
import type { GameCountGroup } from '../schedule-grid-rows'

/** docs/reference/league-admin.md Game Count: teams grouped by their number of scheduled games. */
export function GameCountPanel({
  groups,
  isLoading,
  isError,
  onRetry,
}: {
  groups: GameCountGroup[]
  isLoading: boolean
  isError: boolean
  onRetry: () => void
}) {
  if (isLoading) return <Loading text="Counting games..." />
  if (isError) return <ErrorState message="Games could not be loaded." onRetry={onRetry} />
  if (groups.length === 0) return <EmptyState>No teams in this league.</EmptyState>
  return (
    <>
      <p className="field-hint">Games placed by this league's schedules in the season.</p>
      <ul className="game-count-list">
        {groups.map((group) => (
          <li key={group.games}>
            <span className="game-count-number">{group.games === 1 ? '1 game' : `${group.games} games`}</span>
            <span className="game-count-teams">{group.teams.map((team) => team.name).join(', ')}</span>
          </li>
        ))}
      </ul>
    </>
  )
}
