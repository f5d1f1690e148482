import { createHash } from 'node:crypto'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { errorCodes, formatCount, maxImagePixels, Refusal } from '@prizes/contracts'
import sharp from 'sharp'
import { readImageHeader } from './image-size'

/** The stored widths; the first is the one the competition shows. Never upscaled. */
export const imageWidths = [1200, 600] as const

const unsupported = () =>
  new Refusal(errorCodes.unsupportedMediaType, 'The image must be a JPG, PNG, GIF or WebP file')

const unreadable = () =>
  new Refusal(errorCodes.validation, 'The image could not be read', {
    fieldErrors: {
      image: ['The image file is damaged or incomplete'],
    },
  })

function tooManyPixels(width: number, height: number) {
  const message = `The image must be at most ${formatCount(maxImagePixels / 1_000_000)} megapixels; this one is ${formatCount(width)} × ${formatCount(height)} pixels`
  return new Refusal(errorCodes.validation, message, { fieldErrors: { image: [message] } })
}

/**
 * Checks the image's actual bytes (its header states a format we accept and a size within
 * `maxImagePixels`, before any pixel is decoded), then writes metadata-free WebP versions
 * under `<mediaDir>/competitions/<id>-<hash>-<width>.webp`; answers the relative URL of the largest.
 */
export async function storeCompetitionImage(
  mediaDir: string,
  competitionId: string,
  bytes: Uint8Array,
): Promise<string> {
  const header = readImageHeader(bytes)
  if (!header) throw unsupported()
  if (header.width * header.height > maxImagePixels) throw tooManyPixels(header.width, header.height)
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16)
  const folder = path.join(mediaDir, 'competitions')
  await mkdir(folder, { recursive: true })
  const file = (width: number) => path.join(folder, `${competitionId}-${hash}-${width}.webp`)
  for (const width of imageWidths) {
    let webp: Buffer
    try {
      // The same limit in libvips, should a file's frames be larger than the header we read.
      // sharp writes no EXIF, ICC or XMP unless asked (`withMetadata`); rotate() applies EXIF orientation first.
      webp = await sharp(bytes, { limitInputPixels: maxImagePixels })
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer()
    } catch {
      throw unreadable()
    }
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
