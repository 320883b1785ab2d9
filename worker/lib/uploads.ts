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

/**
 * Checks an upload and stores it under the organization's prefix with a key the server makes up
 * (`org/{id}/{kind}-{random}.{ext}`): the client's file name and declared type are never used.
 * The object is written before any row points at it; pair with `writeWithImage`.
 */
export async function storeImage(c: Context<AppEnv>, orgId: number, file: File, kind: string, field: string) {
  const image = await readImageUpload(file, field)
  const key = `org/${orgId}/${kind}-${randomToken(12)}.${image.ext}`
  try {
    await c.env.LOGOS.put(key, image.bytes, { httpMetadata: { contentType: image.type } })
  } catch (error) {
    console.error(`[${c.var.requestId}] storing ${key} failed`, error)
    throw new ApiError(503, 'Images cannot be stored right now. Please try again in a moment.')
  }
  return key
}

/**
 * Runs the row write that points at a just-stored object. If the write fails, the object is
 * deleted before the error goes on: no orphan objects, and no row ever names a missing one.
 */
export async function writeWithImage<T>(c: Context<AppEnv>, key: string | null | undefined, write: () => Promise<T>) {
  try {
    return await write()
  } catch (error) {
    if (key) {
      await c.env.LOGOS.delete(key).catch((cleanup) => {
        console.error(`[${c.var.requestId}] could not delete ${key} after a failed write`, cleanup)
      })
    }
    throw error
  }
}

/**
 * Deletes objects no row points at any more, after the response. Called only once the row write
 * that dropped them has committed; a failure here leaves an unreferenced object, never a broken row.
 */
export function discardImages(c: Context<AppEnv>, keys: (string | null | undefined)[]) {
  const doomed = keys.filter((k): k is string => Boolean(k))
  if (doomed.length === 0) return
  c.executionCtx.waitUntil(
    c.env.LOGOS.delete(doomed).catch((error) => {
      console.error(`[${c.var.requestId}] could not delete ${doomed.join(', ')}`, error)
    }),
  )
}

/** Every object under an organization's prefix goes with it (paged: R2 lists 1,000 at a time). */
export function discardOrganizationImages(c: Context<AppEnv>, orgId: number) {
  const work = async () => {
    let cursor: string | undefined
    do {
      const page = await c.env.LOGOS.list({ prefix: `org/${orgId}/`, cursor })
      if (page.objects.length > 0) await c.env.LOGOS.delete(page.objects.map((o) => o.key))
      cursor = page.truncated ? page.cursor : undefined
    } while (cursor)
  }
  c.executionCtx.waitUntil(
    work().catch((error) => console.error(`[${c.var.requestId}] could not delete the images of organization ${orgId}`, error)),
  )
}
