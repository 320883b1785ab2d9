// The fixed choices of a business listing's multi-value fields (docs/reference/league-admin.md §9),
// in their canonical spelling: the answer and body schemas (worker/contract/businesses.ts) check
// against them and the Business page's form offers them.
export const BUSINESS_OPTIONS = {
  category: ['men', 'women', 'adult', 'youth', 'co-ed'],
  sport: ['basketball', 'baseball', 'tennis', 'volleyball'],
  state: ['California', 'New York', 'Texas'],
  city: ['Los Angeles', 'Buffalo', 'New York City', 'Houston'],
} as const
