/**
 * An image's format and size as its header states them, read without decoding a pixel: a file
 * of a few bytes can claim 16000 × 16000 pixels, and decoding it would take hundreds of MB, so
 * the size is checked first (see `images.ts`).
 */
export interface ImageHeader {
  readonly format: 'png' | 'jpeg' | 'gif' | 'webp'
  readonly width: number
  readonly height: number
}

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((byte, i) => bytes[at + i] === byte)

const ascii = (value: string) => [...value].map((c) => c.charCodeAt(0))

/** PNG: the IHDR chunk comes first, width and height as big-endian 32-bit numbers. */
function png(view: DataView, bytes: Uint8Array): ImageHeader | undefined {
  if (!startsWith(bytes, [0x89, ...ascii('PNG\r\n'), 0x1a, 0x0a]) || !startsWith(bytes, ascii('IHDR'), 12)) {
    return undefined
  }
  if (bytes.length < 24) return undefined
  return { format: 'png', width: view.getUint32(16), height: view.getUint32(20) }
}

/** GIF: the logical screen's width and height, little-endian 16-bit, right after the signature. */
function gif(view: DataView, bytes: Uint8Array): ImageHeader | undefined {
  if (!startsWith(bytes, ascii('GIF87a')) && !startsWith(bytes, ascii('GIF89a'))) return undefined
  if (bytes.length < 10) return undefined
  return { format: 'gif', width: view.getUint16(6, true), height: view.getUint16(8, true) }
}

/** Start-of-frame markers (baseline, progressive, lossless, arithmetic); not DHT, JPG or DAC. */
const startOfFrame = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf])

/** JPEG: walk the marker segments to the first start-of-frame, which holds height then width. */
function jpeg(view: DataView, bytes: Uint8Array): ImageHeader | undefined {
  if (!startsWith(bytes, [0xff, 0xd8])) return undefined
  let at = 2
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return undefined
    const marker = bytes[at + 1] ?? 0
    if (marker === 0xff) {
      at += 1 // fill byte
      continue
    }
    // Stand-alone markers carry no length.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2
      continue
    }
    // Entropy-coded data (SOS) or the end came before any frame header.
    if (marker === 0xda || marker === 0xd9) return undefined
    const length = view.getUint16(at + 2)
    if (length < 2) return undefined
    if (startOfFrame.has(marker)) {
      if (at + 9 > bytes.length) return undefined
      return { format: 'jpeg', height: view.getUint16(at + 5), width: view.getUint16(at + 7) }
    }
    at += 2 + length
  }
  return undefined
}

/** WebP: a RIFF file whose first chunk is lossy (VP8), lossless (VP8L) or extended (VP8X). */
function webp(view: DataView, bytes: Uint8Array): ImageHeader | undefined {
  if (!startsWith(bytes, ascii('RIFF')) || !startsWith(bytes, ascii('WEBP'), 8) || bytes.length < 30) {
    return undefined
  }
  const uint24 = (at: number) => view.getUint16(at, true) + ((bytes[at + 2] ?? 0) << 16)
  if (startsWith(bytes, ascii('VP8X'), 12)) {
    return { format: 'webp', width: uint24(24) + 1, height: uint24(27) + 1 }
  }
  if (startsWith(bytes, ascii('VP8L'), 12)) {
    if (bytes[20] !== 0x2f) return undefined
    const bits = view.getUint32(21, true)
    return { format: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 }
  }
  if (startsWith(bytes, ascii('VP8 '), 12)) {
    if (!startsWith(bytes, [0x9d, 0x01, 0x2a], 23)) return undefined
    return {
      format: 'webp',
      width: view.getUint16(26, true) & 0x3fff,
      height: view.getUint16(28, true) & 0x3fff,
    }
  }
  return undefined
}

/** The header of a PNG, JPEG, GIF or WebP file; undefined for anything else or a truncated header. */
export function readImageHeader(bytes: Uint8Array): ImageHeader | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  return png(view, bytes) ?? jpeg(view, bytes) ?? gif(view, bytes) ?? webp(view, bytes)
}
