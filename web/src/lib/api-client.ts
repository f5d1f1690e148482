import {
  type Endpoint,
  type EndpointName,
  eventPositionHeader,
  laterEventPosition,
  type ResponseOf,
  readAfterHeader,
} from '@prizes/contracts'
import type * as AdminSchemas from './admin-schemas'
import type * as ApiSchemas from './api-schemas'
import { readAuthToken } from './auth-cookie'

/**
 * The endpoint table and its schemas (zod, a third of the home page's script) are a chunk of
 * their own, loaded on the first call (or earlier: `main.tsx` asks for them at start on a page
 * the server did not render). A failed load is tried again on the next call.
 */
let schemas: Promise<typeof ApiSchemas> | undefined
export function loadApiSchemas(): Promise<typeof ApiSchemas> {
  schemas ??= import('./api-schemas').catch((error: unknown) => {
    schemas = undefined
    throw error
  })
  return schemas
}

let adminSchemas: Promise<typeof AdminSchemas> | undefined
function loadAdminSchemas(): Promise<typeof AdminSchemas> {
  adminSchemas ??= import('./admin-schemas').catch((error: unknown) => {
    adminSchemas = undefined
    throw error
  })
  return adminSchemas
}

/** An endpoint of the public table, or of the admin one (its chunk loaded on first use). */
async function endpointOf(loaded: typeof ApiSchemas, name: EndpointName): Promise<Endpoint> {
  if (name in loaded.publicEndpoints)
    return loaded.publicEndpoints[name as keyof typeof loaded.publicEndpoints]
  const { adminEndpoints } = await loadAdminSchemas()
  return adminEndpoints[name as keyof typeof adminEndpoints]
}

/** Codes the client itself produces; server codes come from the error body (`errorCodes` in contracts). */
export const clientErrorCodes = {
  network: 'NETWORK_ERROR',
  timeout: 'TIMEOUT',
  invalidResponse: 'INVALID_RESPONSE',
  http: 'HTTP_ERROR',
} as const

/** What the client says when there is no answer to show from the server. */
export const clientErrorMessages = {
  network: 'Network connection failed. Please check your internet connection and try again.',
  timeout: 'The server took too long to respond. Please try again.',
  server: 'Server error occurred. Please try again later.',
  invalidResponse: 'Invalid API response format',
} as const

/** Messages per field (`skill_question.options.1`), as the server's validation names them. */
export type ApiFieldErrors = Readonly<Record<string, readonly string[]>>

/**
 * Every failed call ends as one of these: the HTTP status (0 when no response), a code, a message
 * to show and, for a refused form, the server's message per field.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fieldErrors: ApiFieldErrors = {},
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

export interface CallOptions {
  /** Abandons the call and throws an ApiError with code TIMEOUT after this long. */
  readonly timeoutMs: number
  /** Cancels the call (for example when a query is no longer needed); the AbortError is rethrown as is. */
  readonly signal?: AbortSignal
  /** Values for `:name` segments of the endpoint path. */
  readonly params?: Readonly<Record<string, string>>
  /** The query string (`?page=2`). */
  readonly query?: Readonly<Record<string, string>>
  /** Sent as JSON, or as multipart/form-data when it is a FormData (a file upload). */
  readonly body?: unknown
  /** Extra request headers (an Idempotency-Key). */
  readonly headers?: Readonly<Record<string, string>>
  /**
   * Error statuses whose body is still the endpoint's answer, read with its schema (the health
   * check's 503 describes what is stuck); any other error status is a refusal.
   */
  readonly answerStatuses?: readonly number[]
}

export interface ApiClientOptions {
  /** Empty for same-origin calls, which is how the platform serves the web. */
  readonly baseUrl?: string
  readonly fetch?: typeof fetch
  /** The signed-in user's token, sent as a bearer header; null when signed out. */
  readonly getToken?: () => string | null
  /** How long after a command its position goes with the queries; 10 s unless given. */
  readonly readAfterMs?: number
  /** Milliseconds now; tests move it. */
  readonly now?: () => number
}

export type ApiClient = ReturnType<typeof createApiClient>

function buildPath(path: string, params: Readonly<Record<string, string>> = {}): string {
  return path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`)
    return encodeURIComponent(value)
  })
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text()
  if (text === '') return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

function errorFromBody({ errorBody }: typeof ApiSchemas, status: number, body: unknown): ApiError {
  const parsed = errorBody.safeParse(body)
  if (parsed.success) {
    return new ApiError(status, parsed.data.code, parsed.data.message, parsed.data.fieldErrors)
  }
  if (status >= 500) {
    return new ApiError(status, clientErrorCodes.http, clientErrorMessages.server)
  }
  return new ApiError(status, clientErrorCodes.http, `Request failed (${status})`)
}

/** A typed client over the contracts' endpoint table. It knows HTTP and schemas, nothing about screens. */
export function createApiClient({
  baseUrl = '',
  fetch: fetchImpl,
  getToken,
  readAfterMs = 10_000,
  now = Date.now,
}: ApiClientOptions = {}) {
  const doFetch =
    fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init))
  /**
   * Read-your-writes: the furthest log position a command answered with (`X-Event-Position`),
   * sent with the queries of the next few seconds as `X-Read-After`, so the query service (any
   * instance of it) shows what this client just did instead of a read model that is a moment
   * behind. After that the read models have long caught up, and queries wait for nothing.
   */
  let written: { position: string; at: number } | undefined
  const noteWritten = (response: Response) => {
    const given = response.headers.get(eventPositionHeader)
    if (given === null) return
    const position = laterEventPosition(written?.position, given)
    if (position !== undefined) written = { position, at: now() }
  }
  const readAfter = (): string | undefined =>
    written && now() - written.at < readAfterMs ? written.position : undefined

  /**
   * Sends the request and reads the answer with `read`; a refused call throws the error body's
   * ApiError, and no answer (or one cut off) a NETWORK_ERROR or TIMEOUT.
   */
  async function exchange<T>(
    name: EndpointName,
    options: CallOptions,
    accept: string,
    read: (response: Response) => Promise<T>,
  ): Promise<{ status: number; body: T; endpoint: Endpoint }> {
    const timeout = AbortSignal.timeout(options.timeoutMs)
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout
    let loaded: typeof ApiSchemas
    let endpoint: Endpoint
    try {
      loaded = await loadApiSchemas()
      endpoint = await endpointOf(loaded, name)
    } catch {
      throw new ApiError(0, clientErrorCodes.network, clientErrorMessages.network)
    }
    // Cancelled while the schemas were on their way: the caller's AbortError, as a fetch gives it.
    options.signal?.throwIfAborted()
    const token = getToken?.() ?? null
    const headers: Record<string, string> = { ...options.headers, Accept: accept }
    // The browser writes a multipart body's content type itself, boundary included.
    const body =
      options.body === undefined
        ? undefined
        : options.body instanceof FormData
          ? options.body
          : JSON.stringify(options.body)
    if (typeof body === 'string') headers['Content-Type'] = 'application/json'
    if (token) headers.Authorization = `Bearer ${token}`
    const after = endpoint.service === 'query' && endpoint.method === 'GET' ? readAfter() : undefined
    if (after) headers[readAfterHeader] = after

    let answer: { ok: true; status: number; body: T } | { ok: false; status: number; refusal: unknown }
    try {
      const search = options.query ? `?${new URLSearchParams(options.query)}` : ''
      const response = await doFetch(`${baseUrl}${buildPath(endpoint.path, options.params)}${search}`, {
        method: endpoint.method,
        headers,
        body,
        signal,
      })
      noteWritten(response)
      answer =
        response.ok || options.answerStatuses?.includes(response.status)
          ? { ok: true, status: response.status, body: await read(response) }
          : { ok: false, status: response.status, refusal: await readJson(response) }
    } catch (error) {
      if (options.signal?.aborted) throw error
      if (timeout.aborted) throw new ApiError(0, clientErrorCodes.timeout, clientErrorMessages.timeout)
      throw new ApiError(0, clientErrorCodes.network, clientErrorMessages.network)
    }
    if (!answer.ok) throw errorFromBody(loaded, answer.status, answer.refusal)
    return { ...answer, endpoint }
  }

  async function call<N extends EndpointName>(name: N, options: CallOptions): Promise<ResponseOf<N>> {
    const { status, body, endpoint } = await exchange(name, options, 'application/json', readJson)
    const parsed = endpoint.response.safeParse(body)
    if (!parsed.success) {
      throw new ApiError(status, clientErrorCodes.invalidResponse, clientErrorMessages.invalidResponse)
    }
    return parsed.data as ResponseOf<N>
  }

  /** A file the endpoint answers (a CSV export), as a Blob; failures as `call`'s. */
  async function download(name: EndpointName, options: CallOptions): Promise<Blob> {
    const { body } = await exchange(name, options, '*/*', (response) => response.blob())
    return body
  }

  return { call, download }
}

/** The app's client: the token comes from the auth cookie, which the session keeps (SPEC section 7). */
export const apiClient = createApiClient({ getToken: readAuthToken })
