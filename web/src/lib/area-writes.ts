import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'
import { staleConflict } from './api-client'

interface WriteOptions {
  /** A 409 "someone saved first" refreshes too, so the current values show behind the message. */
  refreshOnConflict?: boolean
  /** Refresh whether the write went through or not (a run of calls that may stop half way). */
  refreshWhenFailed?: boolean
}

/**
 * The writes of one admin area: each makes the same queries stale (`refresh` names them), so each
 * refreshes them once it lands. Returns the area's mutation hook, which takes the request.
 */
export function areaWrites(refresh: (client: QueryClient) => Promise<unknown>) {
  return function useAreaWrite<Input, Result>(
    mutationFn: (input: Input) => Promise<Result>,
    { refreshOnConflict = false, refreshWhenFailed = false }: WriteOptions = {},
  ) {
    const queryClient = useQueryClient()
    const invalidate = () => refresh(queryClient)
    return useMutation({
      mutationFn,
      ...(refreshWhenFailed ? { onSettled: invalidate } : { onSuccess: invalidate }),
      ...(refreshOnConflict && {
        onError: (error: Error) => {
          if (staleConflict(error)) void invalidate()
        },
      }),
    })
  }
}
