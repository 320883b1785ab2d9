import { errorMessage } from './api-client'

/** What a query or a mutation tells a screen about its state (TanStack Query's result, narrowed). */
interface Outcome {
  isError: boolean
  error: unknown
}

/** A mutation's failure as a screen shows it: the server's message, else `fallback`; none while it has not failed. */
export const failureOf = (outcome: Outcome, fallback: string): string | null =>
  outcome.isError ? errorMessage(outcome.error, fallback) : null

/**
 * A DataTable's loading, error and retry props from the query behind its rows. `failure` is the
 * message when it fails: a fixed sentence, or one made from the error.
 */
export const queryStatus = (
  query: Outcome & { isPending: boolean; refetch: () => unknown },
  loadingText: string,
  failure: string | ((error: unknown) => string),
) => ({
  isLoading: query.isPending,
  loadingText,
  error: query.isError ? (typeof failure === 'string' ? failure : failure(query.error)) : null,
  onRetry: () => {
    query.refetch()
  },
})
