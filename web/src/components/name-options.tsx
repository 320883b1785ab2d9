/**
 * The options of a select of named rows (seasons, leagues, teams, divisions): the row's id is the
 * value, its name the text; `markActive` adds " (active)" to the active season.
 */
export function NameOptions({
  items,
  markActive = false,
}: {
  items: readonly { id: number | string; name: string; active?: boolean }[] | undefined
  markActive?: boolean
}) {
  return (items ?? []).map((item) => (
    <option key={item.id} value={item.id}>
      {item.name}
      {markActive && item.active ? ' (active)' : ''}
    </option>
  ))
}
