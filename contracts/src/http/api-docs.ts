import { z } from 'zod'
import { text } from '../text'

/**
 * The OpenAPI document `/api/openapi.json` answers. Only its frame is described here: the rest
 * is OpenAPI 3.1's own schema, which a test holds the document to.
 */
export const openApiDocument = z
  .object({
    openapi: z.string(),
    info: z.object({ title: z.string(), version: z.string() }).loose(),
    paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  })
  .loose()

/**
 * A file of the API reference page, by name alone: no path, so nothing can climb out of the
 * folder it is served from; only the few names the query service knows answer, others 404.
 */
export const docsAssetName = text(64, 'Must be a file name').regex(
  /^[a-z0-9][a-z0-9.-]*$/,
  'Must be a file name',
)
