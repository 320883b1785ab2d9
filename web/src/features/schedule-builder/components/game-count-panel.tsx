import { EmptyState, ErrorState, Loading } from '../../../components/status'
import { useT } from '../../../lib/i18n'
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
  const t = useT()
  if (isLoading) return <Loading text={t('admin.sb.counting')} />
  if (isError) return <ErrorState message={t('admin.common.gamesLoadError')} onRetry={onRetry} />
  if (groups.length === 0) return <EmptyState>{t('admin.sb.noTeams')}</EmptyState>
  return (
    <>
      <p className="field-hint">{t('admin.sb.countHint')}</p>
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
