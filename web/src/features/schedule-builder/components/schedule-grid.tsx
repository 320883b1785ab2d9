import { Icon } from '../../../components/icons'
import { useT } from '../../../lib/i18n'
import type { BuilderGame, Schedule } from '../api'
import { formatNightDate, isPlayed, matchup, type NightRow } from '../schedule-grid-rows'

export const LockIcon = ({ open }: { open: boolean }) => (
  <Icon size={16}>
    <rect x="4" y="11" width="16" height="10" rx="2" />
    <path d={open ? 'M8 11V7a4 4 0 0 1 7.5-2' : 'M8 11V7a4 4 0 0 1 8 0v4'} />
  </Icon>
)

interface GridProps {
  schedule: Schedule
  columns: string[]
  rows: NightRow[]
  selectedId: number | null
  /** A swap or lock change is on its way: cells wait. */
  busy: boolean
  onPick: (game: BuilderGame) => void
  onToggleLock: (game: BuilderGame) => void
  /** Why the last generation left a slot open (`${weekIndex}|${time}`), when known. */
  openReasons?: Map<string, string>
}

/**
 * docs/reference/league-admin.md Schedule Builder: one row per night (#, Date, Bye/DH, one column per time slot). A game
 * cell is a button: the first press selects it, a press on another swaps the two matchups, a press
 * on the same cell deselects (§4). Played and locked games stay where they are.
 */
export function ScheduleGrid({ schedule, columns, rows, selectedId, busy, onPick, onToggleLock, openReasons }: GridProps) {
  const t = useT()
  const cell = (night: NightRow, game: BuilderGame) => {
    const played = isPlayed(game)
    const selected = game.id === selectedId
    const where = t('admin.sb.where', { time: game.time ?? t('admin.time.tbd'), date: formatNightDate(night.date) })
    return (
      <div
        key={game.id}
        className={`game-cell${selected ? ' is-selected' : ''}${played ? ' is-played' : ''}${game.locked ? ' is-locked' : ''}`}
      >
        {played ? (
          <span className="game-cell-matchup" title={t('admin.sb.playedHint')}>
            {matchup(game)}
            <span className="played-mark">
              {t('admin.sb.played', { home: game.score_team1 ?? 0, away: game.score_team2 ?? 0 })}
            </span>
          </span>
        ) : (
          <button
            type="button"
            className="game-cell-button"
            aria-pressed={selected}
            aria-label={t('admin.sb.cellLabel', { game: matchup(game), where, locked: game.locked ? 'yes' : 'no' })}
            title={game.locked ? t('admin.sb.lockedHint') : selected ? t('admin.sb.selectedAgain') : t('admin.sb.selectToSwap')}
            disabled={game.locked || busy}
            onClick={() => onPick(game)}
          >
            {matchup(game)}
          </button>
        )}
        {played ? null : (
          <button
            type="button"
            className={`icon-button lock-button${game.locked ? ' is-on' : ''}`}
            aria-pressed={game.locked}
            aria-label={t(game.locked ? 'admin.sb.unlockLabel' : 'admin.sb.lockLabel', { game: matchup(game), where })}
            title={game.locked ? t('admin.sb.lockedKept') : t('admin.sb.lockKeep')}
            disabled={busy}
            onClick={() => onToggleLock(game)}
          >
            <LockIcon open={!game.locked} />
          </button>
        )}
      </div>
    )
  }

  return (
    <div className="table-scroll">
      <table className="data-table builder-grid">
        <caption className="visually-hidden">{`${schedule.name}: games by night and time slot`}</caption>
        <thead>
          <tr>
            <th scope="col" className="cell-number">
              #
            </th>
            <th scope="col">{t('admin.common.date')}</th>
            <th scope="col">{t('admin.sb.byeDh')}</th>
            {columns.map((time) => (
              <th key={time} scope="col">
                {time}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((night) => {
            const slotsTonight = new Set(schedule.nights.find((n) => n.index === night.index)?.slots ?? [])
            return (
              <tr key={night.index} className={night.weekOff ? 'is-week-off' : undefined}>
                <td className="cell-number">{night.index + 1}</td>
                <td className="cell-nowrap">
                  {formatNightDate(night.date)}
                  {night.weekOff ? <span className="week-off-mark">{night.weekOff.reason || t('admin.sb.offWeek')}</span> : null}
                </td>
                <td className="bye-cell">
                  {night.byes.length > 0 ? (
                    <span className="bye-list">
                      <span className="bye-label">{t('admin.sb.bye')}</span> {night.byes.map((team) => team.name).join(', ')}
                    </span>
                  ) : null}
                  {night.doubleHeaders.map((team) => (
                    <span key={team.id} className="dh-mark" title={t('admin.sb.dhTitle')}>
                      {t('admin.sb.dh')} <span className="dh-team">{team.name}</span>
                    </span>
                  ))}
                  {night.offGrid.map((game) => (
                    <span key={game.id} className="off-grid">
                      {t('admin.sb.offGrid', { game: matchup(game), time: game.time ?? t('admin.time.tbd') })}
                    </span>
                  ))}
                  {night.byes.length === 0 && night.doubleHeaders.length === 0 && night.offGrid.length === 0 ? (
                    <span className="muted">—</span>
                  ) : null}
                </td>
                {columns.map((time) => {
                  const games = night.bySlot.get(time) ?? []
                  const open = slotsTonight.has(time) && !night.weekOff
                  return (
                    <td key={time} className="slot-cell">
                      {games.length > 0 ? (
                        games.map((game) => cell(night, game))
                      ) : open ? (
                        <span
                          className="muted open-slot"
                          title={openReasons?.get(`${night.index}|${time}`) ?? t('admin.sb.openSlot')}
                        >
                          {t('admin.sb.open')}
                        </span>
                      ) : (
                        <span className="muted">—</span>
                      )}
                    </td>
                  )
                })}
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
