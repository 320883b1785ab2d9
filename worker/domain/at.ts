// Indexing the code knows is in range, checked (docs/decisions/2026-11-25-strict-type-checks.md).
// With noUncheckedIndexedAccess `items[i]` is `T | undefined`; where an index is in range by
// construction (a team's number, a slot of the night), `at` says so and fails loudly if it is not,
// instead of letting `undefined` flow on as NaN or a missing row. Not for arrays that hold
// `undefined` on purpose: test those with `=== undefined` where they are read.

/** The element at `index`; an internal error when there is none. */
export function at<T>(items: ArrayLike<T>, index: number): T {
  const item = items[index]
  if (item === undefined) throw new Error(`Internal error: index ${index} is outside 0..${items.length - 1}`)
  return item
}

/** Counts indexed by number: arrays and typed arrays alike. */
interface Counts {
  [index: number]: number
  readonly length: number
}

/** Adds `by` to the count at `index` (which must exist). */
export function add(counts: Counts, index: number, by = 1): void {
  counts[index] = at(counts, index) + by
}

/** The first element of a list the code knows is not empty (the row an INSERT … RETURNING wrote). */
export function first<T>(items: ArrayLike<T>): T {
  return at(items, 0)
}
