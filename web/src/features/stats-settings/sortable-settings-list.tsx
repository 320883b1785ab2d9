import { closestCenter, DndContext, type DragEndEvent } from '@dnd-kit/core'
import { arrayMove, SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import type { ReactNode } from 'react'
import { DragHandle, useDragSensors } from '../../components/sortable'
import { useT } from '../../lib/i18n'

export interface SortableItem {
  id: number
}

interface SortableSettingsListProps<Item extends SortableItem> {
  items: Item[]
  /** What the list is, for screen readers ("Stats"). */
  label: string
  nameOf: (item: Item) => string
  /** Dimmed rows (hidden stats, periods, attributes). */
  isMuted?: (item: Item) => boolean
  renderItem: (item: Item) => ReactNode
  onReorder: (ordered: Item[]) => void
}

/**
 * The drag-sortable list of the settings screens (docs/reference/league-admin.md Stats, Game Periods, Player Attributes):
 * each row has a grip that moves it by mouse, touch or keyboard (Space, arrows, Space).
 */
export function SortableSettingsList<Item extends SortableItem>({
  items,
  label,
  nameOf,
  isMuted,
  renderItem,
  onReorder,
}: SortableSettingsListProps<Item>) {
  const t = useT()
  const sensors = useDragSensors()
  const name = (id: unknown) => {
    const item = items.find((candidate) => candidate.id === id)
    return item ? nameOf(item) : t('admin.statsSettings.item')
  }
  const place = (id: unknown) => items.findIndex((item) => item.id === id) + 1

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return
    const from = items.findIndex((item) => item.id === active.id)
    const to = items.findIndex((item) => item.id === over.id)
    if (from < 0 || to < 0) return
    onReorder(arrayMove(items, from, to))
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: { draggable: t('admin.statsSettings.instructions') },
        announcements: {
          onDragStart: ({ active }) => t('admin.statsSettings.pickedUp', { name: name(active.id) }),
          onDragOver: ({ active, over }) =>
            over
              ? t('admin.statsSettings.movedTo', { name: name(active.id), position: place(over.id), count: items.length })
              : t('admin.statsSettings.notOver', { name: name(active.id) }),
          onDragEnd: ({ active, over }) =>
            over
              ? t('admin.statsSettings.droppedAt', { name: name(active.id), position: place(over.id), count: items.length })
              : t('admin.statsSettings.dropped', { name: name(active.id) }),
          onDragCancel: ({ active }) => t('admin.statsSettings.cancelled', { name: name(active.id) }),
        },
      }}
    >
      <SortableContext items={items.map((item) => item.id)} strategy={verticalListSortingStrategy}>
        <ol className="settings-list" aria-label={label}>
          {items.map((item) => (
            <SortableRow key={item.id} id={item.id} name={nameOf(item)} muted={isMuted?.(item) ?? false}>
              {renderItem(item)}
            </SortableRow>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  )
}

function SortableRow({ id, name, muted, children }: { id: number; name: string; muted: boolean; children: ReactNode }) {
  const t = useT()
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id })
  const classes = ['settings-row', muted ? 'is-muted' : '', isDragging ? 'is-dragging' : ''].filter(Boolean).join(' ')
  return (
    <li ref={setNodeRef} className={classes} style={{ transform: CSS.Translate.toString(transform), transition }}>
      <DragHandle
        label={t('admin.statsSettings.move', { name })}
        handleRef={setActivatorNodeRef}
        {...attributes}
        {...listeners}
      />
      {children}
    </li>
  )
}
