import { Hono } from 'hono'
import type { AppEnv } from '../env'

/** Logos and photos from R2, under server-generated keys, never interpreted as anything but images. */
export const media = new Hono<AppEnv>().get('/*', async (c) => {
  const key = c.req.path.replace(/^\/media\//, '')
  if (!/^org\/\d+\/[A-Za-z0-9._-]+$/.test(key)) return c.json({ message: 'Not found' }, 404)
  const object = await c.env.LOGOS.get(key)
  if (!object) return c.json({ message: 'Not found' }, 404)
  const headers = new Headers()
  headers.set('Content-Type', object.httpMetadata?.contentType ?? 'application/octet-stream')
  headers.set('Cache-Control', 'public, max-age=31536000, immutable')
  headers.set('ETag', object.httpEtag)
  headers.set('Content-Security-Policy', MEDIA_CSP)
  const response = new Response(object.body, { headers })
  return response
})

// Served images get a stricter policy than pages: nothing inside them may run.
export const MEDIA_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox"
