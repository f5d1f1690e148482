// No zod here: the web's first script calls this before zod has loaded, without loading it.

declare global {
  /** Zod's configuration, which zod keeps on the global object so that every copy of it shares one. */
  var __zod_globalConfig: { jitless?: boolean } | undefined
}

/**
 * Zod compiles object parsers with `new Function` where it may, and finds out by trying once,
 * when the first object schema is made. A page whose Content Security Policy forbids eval (ours)
 * has the browser report that try as a violation, although zod catches it. The web asks for the
 * plain parsers before any schema is made; the servers keep the compiled ones.
 */
export function parseWithoutEval(): void {
  globalThis.__zod_globalConfig ??= {}
  globalThis.__zod_globalConfig.jitless = true
}
