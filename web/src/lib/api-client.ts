import { type EndpointName, endpoints, errorBody, type ResponseOf } from '@prizes/contracts'
import { readAuthToken } from './auth-cookie'

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

/** Every failed call ends as one of these: the HTTP status (0 when no response), a code and a message to show. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
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
  readonly body?: unknown
  /** Extra request headers (an Idempotency-Key). */
  readonly headers?: Readonly<Record<string, string>>
}

export interface ApiClientOptions {
  /** Empty for same-origin calls, which is how the platform serves the web. */
  readonly baseUrl?: string
  readonly fetch?: typeof fetch
  /** The signed-in user's token, sent as a bearer header; null when signed out. */
  readonly getToken?: () => string | null
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

function errorFromBody(status: number, body: unknown): ApiError {
  const parsed = errorBody.safeParse(body)
  if (parsed.success) return new ApiError(status, parsed.data.code, parsed.data.message)
  if (status >= 500) {
    return new ApiError(status, clientErrorCodes.http, clientErrorMessages.server)
  }
  return new ApiError(status, clientErrorCodes.http, `Request failed (${status})`)
}

/** A typed client over the contracts' endpoint table. It knows HTTP and schemas, nothing about screens. */
export function createApiClient({ baseUrl = '', fetch: fetchImpl, getToken }: ApiClientOptions = {}) {
  const doFetch =
    fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init))

  async function call<N extends EndpointName>(name: N, options: CallOptions): Promise<ResponseOf<N>> {
    const endpoint = endpoints[name]
    const timeout = AbortSignal.timeout(options.timeoutMs)
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout
    const hasBody = options.body !== undefined
    const token = getToken?.() ?? null
    const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' }
    if (hasBody) headers['Content-Type'] = 'application/json'
    if (token) headers.Authorization = `Bearer ${token}`

    const failure = (error: unknown): never => {
      if (options.signal?.aborted) throw error
      if (timeout.aborted) {
        throw new ApiError(0, clientErrorCodes.timeout, clientErrorMessages.timeout)
      }
      throw new ApiError(0, clientErrorCodes.network, clientErrorMessages.network)
    }

    let response: Response
    let body: unknown
    try {
      response = await doFetch(`${baseUrl}${buildPath(endpoint.path, options.params)}`, {
        method: endpoint.method,
        headers,
        body: hasBody ? JSON.stringify(options.body) : undefined,
        signal,
      })
      body = await readJson(response)
    } catch (error) {
      return failure(error)
    }

    if (!response.ok) throw errorFromBody(response.status, body)
    const parsed = endpoint.response.safeParse(body)
    if (!parsed.success) {
      throw new ApiError(
        response.status,
        clientErrorCodes.invalidResponse,
        clientErrorMessages.invalidResponse,
      )
    }
    return parsed.data as ResponseOf<N>
  }

  return { call }
}

/** The app's client: the token comes from the auth cookie, which the session keeps (SPEC section 7). */
export const apiClient = createApiClient({ getToken: readAuthToken })
