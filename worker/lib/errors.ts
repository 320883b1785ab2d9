import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { Translation } from '../domain/i18n'

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

  /**
   * How to write this message in another language when reading the English back cannot give a good
   * one: a `server` catalog key and its raw values (a local date as yyyy-MM-dd, formatted with Intl in
   * the answer's language). The English message stays exactly as given (docs/decisions/2026-11-28-server-language.md).
   */
  translation?: Translation
  /** The same for field errors that are not the message repeated (by field name). */
  fieldTranslations?: Record<string, Translation>

  translated(translation: Translation, fields?: Record<string, Translation>): this {
    this.translation = translation
    if (fields) this.fieldTranslations = fields
    return this
  }
}

export const notFound = (what: string) => new ApiError(404, `${what} not found`)
export const forbidden = (message = 'You are not allowed to do that') => new ApiError(403, message)
export const unauthorized = () => new ApiError(401, 'Please sign in')
