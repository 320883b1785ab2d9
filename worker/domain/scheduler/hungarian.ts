// Minimum-cost assignment of rows to distinct columns (rows ≤ columns), O(rows² · columns).
//
// Every index below is in range by construction: i, i0 and rowOf[·] lie in 0..rows, j, j0, j1 and
// way[·] in 0..columns, the arrays have rows + 1 and columns + 1 entries, and each row of `cost`
// has `columns` entries. The `!`s only drop the `undefined` noUncheckedIndexedAccess adds; a
// checked read here would cost the innermost loop of the local search for nothing.

export const BLOCKED = 1e9

/** Column of each row and the total; null when every assignment uses a BLOCKED cell. */
export function assign(cost: number[][], columns: number): { columnOf: number[]; total: number } | null {
  const rows = cost.length
  if (rows === 0) return { columnOf: [], total: 0 }
  if (rows > columns) return null
  const u = new Float64Array(rows + 1)
  const v = new Float64Array(columns + 1)
  const rowOf = new Int32Array(columns + 1)
  const way = new Int32Array(columns + 1)
  // Reused by every row (the local search calls this many thousand times a schedule).
  const minv = new Float64Array(columns + 1)
  const used = new Uint8Array(columns + 1)
  for (let i = 1; i <= rows; i++) {
    rowOf[0] = i
    let j0 = 0
    minv.fill(Number.POSITIVE_INFINITY)
    used.fill(0)
    do {
      used[j0] = 1
      const i0 = rowOf[j0]!
      const row = cost[i0 - 1]!
      let delta = Number.POSITIVE_INFINITY
      let j1 = 0
      for (let j = 1; j <= columns; j++) {
        if (used[j]) continue
        const cur = row[j - 1]! - u[i0]! - v[j]!
        if (cur < minv[j]!) {
          minv[j] = cur
          way[j] = j0
        }
        if (minv[j]! < delta) {
          delta = minv[j]!
          j1 = j
        }
      }
      for (let j = 0; j <= columns; j++) {
        if (used[j]) {
          u[rowOf[j]!]! += delta
          v[j]! -= delta
        } else minv[j]! -= delta
      }
      j0 = j1
    } while (rowOf[j0] !== 0)
    do {
      const j1 = way[j0]!
      rowOf[j0] = rowOf[j1]!
      j0 = j1
    } while (j0)
  }
  const columnOf = new Array<number>(rows)
  let total = 0
  for (let j = 1; j <= columns; j++) {
    const row = rowOf[j]!
    if (row) {
      columnOf[row - 1] = j - 1
      total += cost[row - 1]![j - 1]!
    }
  }
  return total >= BLOCKED / 2 ? null : { columnOf, total }
}
