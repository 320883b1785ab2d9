import { Icon } from '../../../components/icons'
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

const OPEN_SLOT_TITLE =
  'Open: no game in this slot. Generation leaves an extra double-header slot open when filling it would put some teams more than one game or double-header ahead of others.'

/**
 * docs/reference/league-admin.md Schedule Builder: one row per night (#, Date, Bye/DH, one column per time slot). A game
 * cell is a button: the first press selects it, a press on another swaps the two matchups, a press
 * on the same cell deselects (§4). Played and locked games stay where they are.
 */
export function ScheduleGrid({ schedule, columns, rows, selectedId, busy, onPick, onToggleLock, openReasons }: GridProps) {
  const cell = (night: NightRow, game: BuilderGame) => {
    const played = isPlayed(game)
    const selected = game.id === selectedId
    const where = `${game.time ?? 'TBD'}, ${formatNightDate(night.date)}`
    return (
      <div
        key={game.id}
        className={`game-cell${selected ? ' is-selected' : ''}${played ? ' is-played' : ''}${game.locked ? ' is-locked' : ''}`}
      >
        {played ? (
          <span className="game-cell-matchup" title="Played games are kept and cannot be swapped">
            {matchup(game)}
            <span className="played-mark">
              Played {game.score_team1 ?? 0}–{game.score_team2 ?? 0}
            </span>
          </span>
        ) : (
          <button
            type="button"
            className="game-cell-button"
            aria-pressed={selected}
            aria-label={`${matchup(game)}, ${where}${game.locked ? ', locked' : ''}`}
            title={game.locked ? 'Locked: unlock to swap' : selected ? 'Selected: press again to deselect' : 'Select to swap'}
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
            aria-label={`${game.locked ? 'Unlock' : 'Lock'} ${matchup(game)}, ${where}`}
            title={game.locked ? 'Locked: kept by regeneration. Press to unlock.' : 'Lock: keep this game when regenerating'}
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
            <th scope="col">Date</th>
            <th scope="col">Bye/DH</th>
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
                  {night.weekOff ? <span className="week-off-mark">{night.weekOff.reason || 'Off Week'}</span> : null}
                </td>
                <td className="bye-cell">
                  {night.byes.length > 0 ? (
                    <span className="bye-list">
                      <span className="bye-label">Bye:</span> {night.byes.map((team) => team.name).join(', ')}
                    </span>
                  ) : null}
                  {night.doubleHeaders.map((team) => (
                    <span key={team.id} className="dh-mark" title="Double-header: two games this night">
                      DH <span className="dh-team">{team.name}</span>
                    </span>
                  ))}
                  {night.offGrid.map((game) => (
                    <span key={game.id} className="off-grid">
                      {matchup(game)} at {game.time ?? 'TBD'}
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
                        <span className="muted open-slot" title={openReasons?.get(`${night.index}|${time}`) ?? OPEN_SLOT_TITLE}>
                          Open
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
