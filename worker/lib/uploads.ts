import type { Context } from 'hono'
import type { AppEnv } from '../env'
import { ApiError } from './errors'
import { randomToken } from './ids'
import { readImageUpload } from './images'

/** A multipart or JSON body as plain fields, plus the uploaded file of the given field if any. */
export async function readForm(
  c: Context<AppEnv>,
  fileField: string,
): Promise<{ fields: Record<string, unknown>; file: File | null }> {
  const type = c.req.header('Content-Type') ?? ''
  if (type.includes('multipart/form-data') || type.includes('application/x-www-form-urlencoded')) {
    const form = await c.req.formData().catch(() => {
      throw new ApiError(400, 'Malformed form data')
    })
    const fields: Record<string, unknown> = {}
    let file: File | null = null
    for (const [key, value] of form.entries()) {
      if (key === fileField) {
        if (typeof value !== 'string' && value.size > 0) file = value
      } else if (typeof value === 'string') fields[key] = value
    }
    return { fields, file }
  }
  const body = await c.req.json<unknown>().catch(() => {
    throw new ApiError(400, 'Malformed JSON body')
  })
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ApiError(400, 'Expected a JSON object')
  return { fields: body as Record<string, unknown>, file: null }
}

/** Checks and stores an image under the organization's prefix with a server-generated key. */
export async function storeImage(c: Context<AppEnv>, orgId: number, file: File, kind: string, field: string) {
  const image = await readImageUpload(file, field)
  const key = `org/${orgId}/${kind}-${randomToken(12)}.${image.ext}`
  await c.env.LOGOS.put(key, image.bytes, { httpMetadata: { contentType: image.type } })
  return key
}

/** Deletes objects no row points at any more, after the response. */
export function discardImages(c: Context<AppEnv>, keys: (string | null | undefined)[]) {
  const doomed = keys.filter((k): k is string => Boolean(k))
  if (doomed.length > 0) c.executionCtx.waitUntil(c.env.LOGOS.delete(doomed))
}
