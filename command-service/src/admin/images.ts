import { createHash } from 'node:crypto'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { HttpError } from '@prizes/platform'
import sharp from 'sharp'

/** The formats the admin form accepts (SPEC section 5), as sharp names them from the bytes. */
const accepted = new Set(['jpeg', 'png', 'gif', 'webp'])
/** The stored widths; the first is the one the competition shows. Never upscaled. */
export const imageWidths = [1200, 600] as const

const unsupported = () =>
  new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'The image must be a JPG, PNG, GIF or WebP file')

/**
 * Checks the image's actual bytes, then writes metadata-free WebP versions under
 * `<mediaDir>/competitions/<id>-<hash>-<width>.webp`; answers the relative URL of the largest.
 */
export async function storeCompetitionImage(
  mediaDir: string,
  competitionId: string,
  bytes: Uint8Array,
): Promise<string> {
  let format: string | undefined
  try {
    format = (await sharp(bytes).metadata()).format
  } catch {
    throw unsupported()
  }
  if (format === undefined || !accepted.has(format)) throw unsupported()
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16)
  const folder = path.join(mediaDir, 'competitions')
  await mkdir(folder, { recursive: true })
  const file = (width: number) => path.join(folder, `${competitionId}-${hash}-${width}.webp`)
  for (const width of imageWidths) {
    // sharp writes no EXIF, ICC or XMP unless asked (`withMetadata`); rotate() applies EXIF orientation first.
    const webp = await sharp(bytes)
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer()
    await writeFile(file(width), webp)
  }
  return `/media/competitions/${competitionId}-${hash}-${imageWidths[0]}.webp`
}

/** Removes the stored versions of an image whose command was then refused (best effort). */
export async function discardCompetitionImage(mediaDir: string, imageUrl: string): Promise<void> {
  const largest = path.join(mediaDir, imageUrl.replace(/^\/media\//, ''))
  const suffix = `-${imageWidths[0]}.webp`
  if (!largest.endsWith(suffix)) return
  const stem = largest.slice(0, -suffix.length)
  await Promise.all(imageWidths.map((width) => rm(`${stem}-${width}.webp`, { force: true })))
}
