import { z } from 'zod'
import { errorBody } from '../errors'
import { type Endpoint, endpoints } from './endpoints'
import { type ErrorStatus, type Operation, operations, tags } from './operations'

/**
 * The endpoint table as an OpenAPI 3.1 document: paths, parameters, bodies and answers are the
 * zod schemas the services validate with (as JSON Schema 2020-12, OpenAPI 3.1's dialect), and
 * `operations` adds what each endpoint is for, who may call it and how it refuses. A pure
 * function of the two, so the query service builds it once and a test holds it to OpenAPI's
 * own schema.
 */

export type JsonSchema = { [keyword: string]: unknown }
export type OpenApiDocument = {
  readonly openapi: '3.1.0'
  readonly info: { readonly title: string; readonly version: string; readonly description: string }
  readonly tags: readonly { readonly name: string }[]
  readonly paths: Record<string, Record<string, JsonSchema>>
  readonly components: {
    readonly schemas: Record<string, JsonSchema>
    readonly securitySchemes: Record<string, JsonSchema>
  }
}

export interface OpenApiOptions {
  /** `info.version`: the platform's version. */
  readonly version: string
}

/** Koa-router's `:param` as OpenAPI's `{param}`. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}')

const errorBodyRef = { $ref: '#/components/schemas/ErrorBody' }
const retryAfter = {
  'Retry-After': { description: 'Seconds to wait before asking again', schema: { type: 'integer' } },
}
const jsonOf = (schema: JsonSchema) => ({ 'application/json': { schema } })

/** Set on the JSON Schema of `z.undefined()` (an optional body), which JSON cannot carry; dropped below. */
const undefinedMark = 'x-zod-undefined'

const isObject = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const isUndefined = (schema: unknown) => isObject(schema) && schema[undefinedMark] === true

/**
 * Drops the `undefined` branches of every `anyOf`, and an `anyOf` left with one branch; a schema
 * that is only `undefined` is no JSON value at all.
 */
function withoutUndefined(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutUndefined)
  if (!isObject(value)) return value
  if (isUndefined(value)) return { not: {} }
  const out: JsonSchema = {}
  for (const [key, child] of Object.entries(value)) {
    out[key] =
      key === 'anyOf' && Array.isArray(child)
        ? child.filter((branch) => !isUndefined(branch)).map(withoutUndefined)
        : withoutUndefined(child)
  }
  if (Array.isArray(out.anyOf) && out.anyOf.length === 1 && isObject(out.anyOf[0])) {
    const { anyOf, ...rest } = out
    return { ...rest, ...(anyOf as JsonSchema[])[0] }
  }
  return out
}

/** Points every `#/$defs/…` reference at the components the definitions were moved to. */
function rebaseRefs(value: unknown, prefix: string): unknown {
  if (Array.isArray(value)) return value.map((child) => rebaseRefs(child, prefix))
  if (!isObject(value)) return value
  const out: JsonSchema = {}
  for (const [key, child] of Object.entries(value)) {
    out[key] =
      key === '$ref' && typeof child === 'string' && child.startsWith('#/$defs/')
        ? `#/components/schemas/${prefix}${child.slice('#/$defs/'.length)}`
        : rebaseRefs(child, prefix)
  }
  return out
}

/**
 * One zod schema as JSON Schema: requests as they are sent (`input`), answers as they are sent
 * back (`output`). What JSON Schema cannot say (a transform's result, a date object) becomes
 * `{}`, any value, rather than failing the document. Definitions zod hoists (a recursive schema)
 * become components named after `name`, since a schema inside the document cannot keep its own
 * `#/$defs`.
 */
function schemaOf(
  schema: z.ZodType,
  io: 'input' | 'output',
  name: string,
  components: Record<string, JsonSchema>,
): JsonSchema {
  const generated = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    override: (context) => {
      if (context.zodSchema._zod.def.type === 'undefined') context.jsonSchema[undefinedMark] = true
    },
  }) as JsonSchema
  const { $schema: _dialect, $defs, ...rest } = generated
  const prefix = `${name}.`
  if (isObject($defs)) {
    for (const [key, definition] of Object.entries($defs)) {
      components[`${prefix}${key}`] = withoutUndefined(rebaseRefs(definition, prefix)) as JsonSchema
    }
  }
  return withoutUndefined(rebaseRefs(rest, prefix)) as JsonSchema
}

/** A body that is only ever absent or `{}`: nothing worth documenting. */
const isEmptyObject = (schema: JsonSchema) =>
  schema.type === 'object' &&
  Object.keys((schema.properties as JsonSchema | undefined) ?? {}).length === 0 &&
  schema.additionalProperties === false

function parametersOf(
  where: 'path' | 'query',
  schema: z.ZodObject | undefined,
  name: string,
  components: Record<string, JsonSchema>,
): JsonSchema[] {
  if (!schema) return []
  const object = schemaOf(schema, 'input', `${name}.${where}`, components)
  const required = new Set((object.required as string[] | undefined) ?? [])
  return Object.entries((object.properties as Record<string, JsonSchema> | undefined) ?? {}).map(
    ([parameter, parameterSchema]) => ({
      name: parameter,
      in: where,
      required: where === 'path' || required.has(parameter),
      schema: parameterSchema,
    }),
  )
}

/**
 * The multipart form of an admin upload: every field as text (the contract's preprocessors read
 * numbers, flags and the skill question's JSON from it) and the image as a file.
 */
function textFieldOf(schema: JsonSchema): JsonSchema {
  switch (schema.type) {
    case 'string':
      return schema
    case 'object':
      return { type: 'string', contentMediaType: 'application/json', description: 'The object as JSON text' }
    case 'boolean':
      return { type: 'string', enum: ['true', 'false'] }
    default:
      return { type: 'string', description: `A ${String(schema.type ?? 'value')} as text` }
  }
}

function multipartOf(json: JsonSchema): JsonSchema {
  const fields = Object.entries((json.properties as Record<string, JsonSchema> | undefined) ?? {})
  return {
    type: 'object',
    properties: {
      ...Object.fromEntries(fields.map(([field, schema]) => [field, textFieldOf(schema)])),
      image: {
        type: 'string',
        format: 'binary',
        contentMediaType: 'application/octet-stream',
        description: 'A JPG, PNG, GIF or WebP image of at most 5 MB',
      },
    },
    required: json.required ?? [],
  }
}

function requestBodyOf(
  endpoint: Endpoint,
  operation: Operation,
  name: string,
  components: Record<string, JsonSchema>,
): JsonSchema | undefined {
  if (endpoint.method === 'GET') return undefined
  const optional = endpoint.request.safeParse(undefined).success
  const schema = schemaOf(endpoint.request, 'input', `${name}.request`, components)
  if (optional && isEmptyObject(schema)) return undefined
  return {
    required: !optional,
    content: {
      ...jsonOf(schema),
      ...(operation.multipart ? { 'multipart/form-data': { schema: multipartOf(schema) } } : {}),
    },
  }
}

const genericErrors = {
  400: 'The request is invalid: `fieldErrors` names each bad field, path parameter or query value',
  401: 'Not signed in, or the session has ended: sign in again',
  403: 'Signed in, but not as an admin',
  413: 'The body is too large',
  503: 'The site is in maintenance (`MAINTENANCE`), or the service cannot reach its database (`SERVICE_UNAVAILABLE`)',
} as const

/** Every error an endpoint can answer, by status: those of its kind, then its own. */
function errorsOf(endpoint: Endpoint, operation: Operation): Map<ErrorStatus, string> {
  const errors = new Map<ErrorStatus, string[]>()
  const add = (status: ErrorStatus, description: string) =>
    errors.set(status, [...(errors.get(status) ?? []), description])
  add(400, genericErrors[400])
  if (operation.access === 'user' || operation.access === 'admin') add(401, genericErrors[401])
  if (operation.access === 'admin') add(403, genericErrors[403])
  if (endpoint.method !== 'GET') add(413, genericErrors[413])
  add(503, genericErrors[503])
  for (const [status, description] of Object.entries(operation.errors ?? {})) {
    add(Number(status) as ErrorStatus, description)
  }
  const sorted = [...errors.entries()].sort(([a], [b]) => a - b)
  return new Map(sorted.map(([status, descriptions]) => [status, descriptions.join('; or ')]))
}

function successContent(
  endpoint: Endpoint,
  operation: Operation,
  name: string,
  components: Record<string, JsonSchema>,
): Record<string, { schema: JsonSchema }> {
  switch (operation.produces) {
    case undefined:
      return jsonOf(schemaOf(endpoint.response, 'output', `${name}.response`, components))
    case 'text/javascript or text/css':
      return { 'text/javascript': { schema: { type: 'string' } }, 'text/css': { schema: { type: 'string' } } }
    default:
      return { [operation.produces]: { schema: { type: 'string' } } }
  }
}

function responsesOf(
  endpoint: Endpoint,
  operation: Operation,
  name: string,
  components: Record<string, JsonSchema>,
): Record<string, JsonSchema> {
  const status = operation.status ?? 200
  const content = successContent(endpoint, operation, name, components)
  const responses: Record<string, JsonSchema> = {
    [status]: {
      description: status === 201 ? 'Created' : 'OK',
      content,
      ...(operation.etag
        ? {
            headers: {
              ETag: { description: 'The strong validator of this answer', schema: { type: 'string' } },
            },
          }
        : {}),
    },
  }
  if (operation.etag)
    responses['304'] = { description: 'Not modified: `If-None-Match` names this answer’s ETag' }
  for (const [errorStatus, description] of errorsOf(endpoint, operation)) {
    const schema =
      errorStatus === 503 && operation.degraded
        ? { anyOf: [content['application/json']?.schema ?? {}, errorBodyRef] }
        : errorBodyRef
    responses[errorStatus] = {
      description:
        errorStatus === 503 && operation.degraded ? `${operation.degraded}; or ${description}` : description,
      content: jsonOf(schema),
      ...(errorStatus === 429 || errorStatus === 503 ? { headers: retryAfter } : {}),
    }
  }
  responses.default = {
    description: 'Any other failure, such as 500 `INTERNAL_ERROR`: the same error body',
    content: jsonOf(errorBodyRef),
  }
  return responses
}

function operationOf(
  name: string,
  endpoint: Endpoint,
  operation: Operation,
  components: Record<string, JsonSchema>,
): JsonSchema {
  const headers = [
    ...(operation.headers ?? []).map((header) => ({
      name: header.name,
      in: 'header',
      required: false,
      description: header.description,
      schema: { type: 'string', maxLength: 255 },
    })),
    ...(operation.etag
      ? [{ name: 'If-None-Match', in: 'header', required: false, schema: { type: 'string' } }]
      : []),
  ]
  const parameters = [
    ...parametersOf('path', endpoint.params, name, components),
    ...parametersOf('query', endpoint.query, name, components),
    ...headers,
  ]
  const requestBody = requestBodyOf(endpoint, operation, name, components)
  const access = {
    public: {},
    optional: { security: [{}, { bearerAuth: [] }] },
    user: { security: [{ bearerAuth: [] }] },
    admin: { security: [{ bearerAuth: [] }] },
  }[operation.access]
  const who =
    operation.access === 'admin' ? 'Admins only.' : operation.access === 'user' ? 'Signed-in users.' : ''
  const description = [who, operation.description ?? ''].filter((part) => part !== '').join(' ')
  return {
    operationId: name,
    summary: operation.summary,
    ...(description ? { description } : {}),
    tags: [operation.tag],
    ...access,
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: responsesOf(endpoint, operation, name, components),
  }
}

const description = [
  'The HTTP API of the prize competitions platform, generated from the zod contracts the services validate every request with.',
  'Sign in with `POST /api/auth/login` and send its token as `Authorization: Bearer <token>`.',
  'Every error answers the same body (`ErrorBody`): `success: false`, a `message` for people and a `code` for programs; a refused form names each field in `fieldErrors`.',
  'Money is in pounds; times are ISO 8601 in UTC.',
].join('\n\n')

export function buildOpenApiDocument(
  options: OpenApiOptions,
  table: Record<string, Endpoint> = endpoints,
  described: Record<string, Operation> = operations,
): OpenApiDocument {
  const components: Record<string, JsonSchema> = {
    ErrorBody: schemaOf(errorBody, 'output', 'ErrorBody', {}),
  }
  const paths: Record<string, Record<string, JsonSchema>> = {}
  for (const [name, endpoint] of Object.entries(table)) {
    const operation = described[name]
    if (!operation) throw new Error(`The endpoint ${name} has no description in operations`)
    const path = openApiPath(endpoint.path)
    paths[path] = {
      ...paths[path],
      [endpoint.method.toLowerCase()]: operationOf(name, endpoint, operation, components),
    }
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Prize competitions API', version: options.version, description },
    tags: Object.values(tags).map((tag) => ({ name: tag })),
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The token `POST /api/auth/login` answers',
        },
      },
    },
  }
}
