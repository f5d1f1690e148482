import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { readImageHeader } from './image-size'

const image = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })

describe('an image’s size from its header', () => {
  test.each([
    ['png', (w: number, h: number) => image(w, h).png().toBuffer()],
    ['jpeg', (w: number, h: number) => image(w, h).jpeg().toBuffer()],
    ['jpeg, progressive', (w: number, h: number) => image(w, h).jpeg({ progressive: true }).toBuffer()],
    ['gif', (w: number, h: number) => image(w, h).gif().toBuffer()],
    ['webp, lossy', (w: number, h: number) => image(w, h).webp().toBuffer()],
    ['webp, lossless', (w: number, h: number) => image(w, h).webp({ lossless: true }).toBuffer()],
    [
      'webp, extended (with metadata)',
      (w: number, h: number) =>
        image(w, h)
          .webp()
          .withMetadata({ exif: { IFD0: { Copyright: 'x' } } })
          .toBuffer(),
    ],
  ])('%s: as sharp reads it', async (_name, make) => {
    for (const [width, height] of [
      [1, 1],
      [333, 17],
      [640, 480],
    ] as const) {
      const bytes = new Uint8Array(await make(width, height))
      const metadata = await sharp(bytes).metadata()
      expect(readImageHeader(bytes)).toEqual({ format: metadata.format, width, height })
    }
  })

  test('a JPEG with EXIF before its frame header', async () => {
    const bytes = await image(120, 90)
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'Secret Camera Co' } } })
      .toBuffer()
    expect(readImageHeader(new Uint8Array(bytes))).toEqual({ format: 'jpeg', width: 120, height: 90 })
  })

  test('a header that claims 16000 × 16000 is read from 33 bytes, with no pixels behind it', () => {
    const bytes = new Uint8Array(33)
    bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
    new DataView(bytes.buffer).setUint32(16, 16000)
    new DataView(bytes.buffer).setUint32(20, 16000)
    expect(readImageHeader(bytes)).toEqual({ format: 'png', width: 16000, height: 16000 })
  })

  test('anything else, or a header cut short, is not an image', () => {
    for (const bytes of [
      new Uint8Array(0),
      new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
      new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02]),
      new TextEncoder().encode('GIF89a'),
      new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '),
    ]) {
      expect(readImageHeader(bytes)).toBeUndefined()
    }
  })
})
