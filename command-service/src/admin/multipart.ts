import { errorCodes, Refusal } from '@prizes/contracts'
import type Koa from 'koa'

/** SPEC section 9: images up to 5 MB. */
export const maxImageBytes = 5 * 1024 * 1024
/** The whole multipart body: the image plus room for the text fields and boundaries. */
export const maxMultipartBytes = maxImageBytes + 256 * 1024

const tooLarge = () => new Refusal(errorCodes.payloadTooLarge, 'The image must be 5 MB or smaller')

export interface AdminUpload {
  readonly fields: Record<string, string>
  readonly image?: Uint8Array
}

/**
 * Reads a multipart/form-data body with Node's own `Request.formData()`, counting the bytes as
 * they arrive and stopping with 413 past the limit; a file over 5 MB is refused too.
 */
export async function readMultipart(ctx: Koa.Context): Promise<AdminUpload> {
  const declared = Number(ctx.get('content-length'))
  if (Number.isFinite(declared) && declared > maxMultipartBytes) throw tooLarge()
  let size = 0
  let exceeded = false
  const source = ctx.req[Symbol.asyncIterator]()
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await source.next()
      if (next.done) {
        controller.close()
        return
      }
      const chunk = next.value as Buffer
      size += chunk.length
      if (size > maxMultipartBytes) {
        exceeded = true
        controller.error(tooLarge())
        return
      }
      controller.enqueue(new Uint8Array(chunk))
    },
  })
  let form: FormData
  try {
    form = await new Request('http://admin.local/upload', {
      method: 'POST',
      headers: { 'content-type': ctx.get('content-type') },
      body,
      duplex: 'half',
    } as RequestInit).formData()
  } catch {
    if (exceeded) throw tooLarge()
    throw new Refusal(errorCodes.badRequest, 'The form could not be read')
  }
  const fields: Record<string, string> = {}
  let image: Uint8Array | undefined
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') fields[name] = value
    else if (name === 'image' && value.size > 0) {
      if (value.size > maxImageBytes) throw tooLarge()
      image = new Uint8Array(await value.arrayBuffer())
    }
  }
  return image ? { fields, image } : { fields }
}

/** The admin form's body: multipart (fields and image) or JSON (`jsonBody` has read it). */
export async function readAdminForm(ctx: Koa.Context): Promise<{ input: unknown; image?: Uint8Array }> {
  if (ctx.is('multipart/form-data')) {
    const { fields, image } = await readMultipart(ctx)
    return image ? { input: fields, image } : { input: fields }
  }
  return { input: ctx.request.body }
}
