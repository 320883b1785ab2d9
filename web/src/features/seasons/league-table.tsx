import { closestCenter, DndContext, type DragEndEvent } from '@dnd-kit/core'
import { arrayMove, SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { Link } from 'react-router'
import type { Selection } from '../../components/selection'
import { RowCheckbox, SelectAllCheckbox } from '../../components/selection'
import { DragHandle, useDragSensors } from '../../components/sortable'
import { type Translate, useT } from '../../lib/i18n'
import type { SeasonLeague } from '../../lib/seasons-api'

interface LeagueTableProps {
  seasonId: number
  leagues: SeasonLeague[]
  selection: Selection<number>
  onReorder: (ordered: SeasonLeague[]) => void
}

/**
 * docs/reference/league-admin.md Season detail: select, number, League Name (link to the league page), Teams count; rows
 * reorder by dragging their grip (mouse, touch, or keyboard: Space, arrows, Space).
 */
export function LeagueTable({ seasonId, leagues, selection, onReorder }: LeagueTableProps) {
  const t = useT()
  const sensors = useDragSensors()

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return
    const from = leagues.findIndex((league) => league.id === active.id)
    const to = leagues.findIndex((league) => league.id === over.id)
    if (from < 0 || to < 0) return
    onReorder(arrayMove(leagues, from, to))
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements: leagueAnnouncements(leagues, t) }}
    >
      <div className="table-scroll">
        <table className="data-table sortable-table">
          <caption className="visually-hidden">{t('admin.leagueTable.caption')}</caption>
          <thead>
            <tr>
              <th scope="col" className="cell-select">
                <span className="visually-hidden">{t('admin.common.move')}</span>
              </th>
              <th scope="col" className="cell-select">
                <SelectAllCheckbox selection={selection} label={t('admin.leagueTable.selectAll')} />
              </th>
              <th scope="col" className="cell-number">
                #
              </th>
              <th scope="col">{t('admin.leagueTable.leagueName')}</th>
              <th scope="col" className="cell-number">
                {t('admin.common.teams')}
              </th>
            </tr>
          </thead>
          <SortableContext items={leagues.map((league) => league.id)} strategy={verticalListSortingStrategy}>
            <tbody>
              {leagues.map((league, index) => (
                <LeagueRow key={league.id} seasonId={seasonId} league={league} number={index + 1} selection={selection} />
              ))}
            </tbody>
          </SortableContext>
        </table>
      </div>
    </DndContext>
  )
}

function LeagueRow({
  seasonId,
  league,
  number,
  selection,
}: {
  seasonId: number
  league: SeasonLeague
  number: number
  selection: Selection<number>
}) {
  const t = useT()
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: league.id,
  })
  return (
    <tr
      ref={setNodeRef}
      className={isDragging ? 'is-dragging' : undefined}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-league-id={league.id}
    >
      <td className="cell-select">
        <DragHandle
          label={t('admin.common.moveNamed', { name: league.name })}
          handleRef={setActivatorNodeRef}
          {...attributes}
          {...listeners}
        />
      </td>
      <td className="cell-select">
        <RowCheckbox selection={selection} id={league.id} label={t('admin.common.selectNamed', { name: league.name })} />
      </td>
      <td className="cell-number">{number}</td>
      <td>
        <Link to={`/dashboard/seasons/${seasonId}/leagues/${league.id}`}>{league.name}</Link>
      </td>
      <td className="cell-number">{league.teamsCount}</td>
    </tr>
  )
}

/** Screen-reader announcements that name the league instead of its numeric id. */
function leagueAnnouncements(leagues: SeasonLeague[], t: Translate) {
  const name = (id: unknown) => leagues.find((league) => league.id === id)?.name ?? t('admin.common.league')
  const place = (id: unknown) => leagues.findIndex((league) => league.id === id) + 1
  return {
    onDragStart: ({ active }: { active: { id: unknown } }) => t('admin.drag.pickedUp', { name: name(active.id) }),
    onDragOver: ({ active, over }: { active: { id: unknown }; over: { id: unknown } | null }) =>
      over
        ? t('admin.drag.movedTo', { name: name(active.id), place: place(over.id), total: leagues.length })
        : t('admin.drag.notOver', { name: name(active.id) }),
    onDragEnd: ({ active, over }: { active: { id: unknown }; over: { id: unknown } | null }) =>
      over
        ? t('admin.drag.droppedAt', { name: name(active.id), place: place(over.id), total: leagues.length })
        : t('admin.drag.dropped', { name: name(active.id) }),
    onDragCancel: ({ active }: { active: { id: unknown } }) => t('admin.drag.cancelled', { name: name(active.id) }),
  }
}
