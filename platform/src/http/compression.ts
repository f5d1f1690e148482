import { constants } from 'node:zlib'
import type Koa from 'koa'
import compress from 'koa-compress'

/**
 * Text worth compressing: HTML, CSS, JavaScript, JSON, SVG, XML, plain text. Never
 * `text/event-stream`: a compressor holds bytes back until it has enough to emit, so each event
 * would reach the browser late or not at all. Images, fonts and archives are compressed already.
 */
const compressibleType =
  /^(?:text\/(?:html|css|plain|javascript|xml|csv|markdown)|application\/(?:json|javascript|xml|manifest\+json|[\w.-]+\+(?:json|xml))|image\/svg\+xml)(?:$|;)/i

export function isCompressibleType(type: string): boolean {
  return compressibleType.test(type.trim())
}

/** Below this a compressed body saves less than its headers and the CPU cost. */
export const compressionThresholdBytes = 1024

/**
 * Brotli and gzip for dynamic text answers, by the client's Accept-Encoding, with
 * `Vary: Accept-Encoding`. Brotli at quality 5: most of its gain over gzip at a few
 * milliseconds a request (quality 11 is for files compressed once, at build time). A body
 * already encoded (a precompressed file) is left as it is. A compressed answer's ETag is made
 * weak: it names the content, not these bytes, and the services compare ETags weakly.
 */
export function compression() {
  const compressBody = compress({
    filter: isCompressibleType,
    threshold: compressionThresholdBytes,
    br: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
    gzip: { level: 6 },
    deflate: false,
    zstd: false,
  })
  return async function compressAnswers(ctx: Koa.Context, next: Koa.Next) {
    await compressBody(ctx, next)
    const etag = ctx.response.get('ETag')
    if (etag && !etag.startsWith('W/') && ctx.response.get('Content-Encoding')) {
      ctx.set('ETag', `W/${etag}`)
    }
  }
}
