import type { ContentfulStatusCode } from 'hono/utils/http-status'

/** The one error type routes throw; onError turns it into `{ message, fields? }` (docs/api.md). */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
    /** More of the answer's body beside `message` (a 409's `current` state, for one). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message)
  }
}

export const notFound = (what: string) => new ApiError(404, `${what} not found`)
export const forbidden = (message = 'You are not allowed to do that') => new ApiError(403, message)
export const unauthorized = () => new ApiError(401, 'Please sign in')
