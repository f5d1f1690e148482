import { Validator } from '@seriousme/openapi-schema-validator'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { type Endpoint, endpoints } from './endpoints'
import { buildOpenApiDocument, type JsonSchema, type OpenApiDocument, openApiPath } from './openapi'
import type { Operation } from './operations'

const document = buildOpenApiDocument({ version: '1.2.3' })

async function expectValidOpenApi31(built: OpenApiDocument) {
  const validator = new Validator()
  const result = await validator.validate(built as never)
  expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)).toEqual([])
  expect(result.valid).toBe(true)
  expect(validator.version).toBe('3.1')
}

/** Every `$ref` in the document, which must name a component it has. */
function refsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsOf)
  if (typeof value !== 'object' || value === null) return []
  return Object.entries(value).flatMap(([key, child]) =>
    key === '$ref' && typeof child === 'string' ? [child] : refsOf(child),
  )
}

function expectRefsResolve(built: OpenApiDocument) {
  for (const ref of refsOf(built)) {
    expect(ref).toMatch(/^#\/components\/schemas\//)
    expect(Object.keys(built.components.schemas), ref).toContain(ref.slice('#/components/schemas/'.length))
  }
}

/** Every Schema Object of the document (parameters, bodies, answers) by where it is. */
function schemasOf(built: OpenApiDocument): [string, unknown][] {
  const found: [string, unknown][] = []
  for (const [path, methods] of Object.entries(built.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const where = `${method} ${path}`
      for (const parameter of (operation.parameters ?? []) as { name: string; schema: unknown }[]) {
        found.push([`${where} ${parameter.name}`, parameter.schema])
      }
      const body = operation.requestBody as { content: Record<string, { schema: unknown }> } | undefined
      for (const [media, { schema }] of Object.entries(body?.content ?? {}))
        found.push([`${where} ${media}`, schema])
      const responses = operation.responses as Record<
        string,
        { content?: Record<string, { schema: unknown }> }
      >
      for (const [status, response] of Object.entries(responses)) {
        for (const [media, { schema }] of Object.entries(response.content ?? {})) {
          found.push([`${where} ${status} ${media}`, schema])
        }
      }
    }
  }
  return found
}

/**
 * OpenAPI's own schema leaves Schema Objects to JSON Schema, so each is compiled on its own by a
 * strict JSON Schema 2020-12 validator, its references pointed at the document's components.
 */
function expectValidJsonSchemas(built: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: true })
  addFormats.default(ajv)
  const rebased = (schema: unknown) =>
    JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"components#/$defs/'))
  ajv.addSchema({ $id: 'components', $defs: rebased(built.components.schemas) })
  const schemas = schemasOf(built)
  expect(schemas.length).toBeGreaterThan(Object.keys(built.paths).length)
  // Compiled once each: most answers share the error body, and some endpoints their schemas.
  const unique = new Map(schemas.map(([where, schema]) => [JSON.stringify(schema), where]))
  for (const [schema, where] of unique) {
    expect(() => ajv.compile(rebased(JSON.parse(schema))), where).not.toThrow()
  }
}

const operationOf = (name: keyof typeof endpoints) => {
  const endpoint: Endpoint = endpoints[name]
  return document.paths[openApiPath(endpoint.path)]?.[endpoint.method.toLowerCase()] as JsonSchema & {
    parameters?: { name: string; in: string; required: boolean }[]
    requestBody?: { required: boolean; content: Record<string, unknown> }
    responses: Record<string, { content?: Record<string, unknown> }>
    security?: unknown[]
  }
}

describe('the OpenAPI document', () => {
  test('is valid OpenAPI 3.1, its schemas valid JSON Schema 2020-12, every $ref naming a component', async () => {
    await expectValidOpenApi31(document)
    expectRefsResolve(document)
    expectValidJsonSchemas(document)
    expect(document.info.version).toBe('1.2.3')
  })

  test('has every endpoint of the table at its path and method, once, by its name', () => {
    const operationIds = Object.values(document.paths).flatMap((methods) =>
      Object.values(methods).map((operation) => operation.operationId),
    )
    expect(operationIds.sort()).toEqual(Object.keys(endpoints).sort())
    for (const [name, endpoint] of Object.entries(endpoints)) {
      const path = openApiPath(endpoint.path)
      expect(path, name).not.toContain(':')
      expect(document.paths[path]?.[endpoint.method.toLowerCase()]?.operationId, name).toBe(name)
    }
  })

  test('describes path parameters as required, and the query values an endpoint reads', () => {
    expect(operationOf('adminCompetitionEntries').parameters).toEqual([
      expect.objectContaining({ name: 'id', in: 'path', required: true }),
      expect.objectContaining({ name: 'page', in: 'query', required: false }),
    ])
    const users = operationOf('adminListUsers').parameters?.map((parameter) => parameter.name)
    expect(users).toEqual(['page', 'search', 'role', 'verified', 'banned'])
  })

  test('request bodies: none for a GET or an empty body, optional where the body may be left out, multipart for uploads', () => {
    expect(operationOf('listCompetitions').requestBody).toBeUndefined()
    expect(operationOf('adminDeleteCompetition').requestBody).toBeUndefined()
    expect(operationOf('login').requestBody).toMatchObject({ required: true })
    // A ban may give a reason or send nothing at all.
    const ban = operationOf('adminBanUser').requestBody
    expect(ban?.required).toBe(false)
    expect(ban?.content['application/json']).toEqual({
      schema: { type: 'object', properties: { reason: expect.objectContaining({ type: 'string' }) } },
    })
    const upload = operationOf('adminCreateCompetition').requestBody?.content
    expect(Object.keys(upload ?? {})).toEqual(['application/json', 'multipart/form-data'])
    expect(upload?.['multipart/form-data']).toMatchObject({
      schema: { properties: { image: { type: 'string', format: 'binary' }, title: { type: 'string' } } },
    })
  })

  test('answers: the success with its schema and media type, and the errors of its kind with the error body', () => {
    const create = operationOf('adminCreateCompetition').responses
    expect(Object.keys(create)).toEqual(['201', '400', '401', '403', '409', '413', '415', '503', 'default'])
    expect(create['401']?.content).toEqual({
      'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } },
    })
    expect(Object.keys(operationOf('listCompetitions').responses)).toEqual([
      '200',
      '304',
      '400',
      '503',
      'default',
    ])
    expect(Object.keys(operationOf('getProfile').responses)).toEqual(['200', '400', '401', '503', 'default'])
    expect(Object.keys(operationOf('adminExportEntries').responses['200']?.content ?? {})).toEqual([
      'text/csv',
    ])
    expect(Object.keys(operationOf('adminBackup').responses['200']?.content ?? {})).toEqual([
      'application/octet-stream',
    ])
    expect(Object.keys(operationOf('apiDocs').responses['200']?.content ?? {})).toEqual(['text/html'])
    // The health check answers 503 with its own body too.
    expect(operationOf('health').responses['503']?.content).toMatchObject({
      'application/json': {
        schema: { anyOf: [{ type: 'object' }, { $ref: '#/components/schemas/ErrorBody' }] },
      },
    })
  })

  test('signed-in and admin endpoints ask for the bearer token; public ones do not', () => {
    expect(operationOf('adminListUsers').security).toEqual([{ bearerAuth: [] }])
    expect(operationOf('listEntries').security).toEqual([{ bearerAuth: [] }])
    expect(operationOf('listCompetitions').security).toBeUndefined()
    expect(operationOf('health').security).toEqual([{}, { bearerAuth: [] }])
  })

  test('a schema JSON Schema cannot say (a date, a transform, a recursive one) still makes a valid document', async () => {
    type Tree = { name: string; children: Tree[] }
    const tree: z.ZodType<Tree> = z.object({ name: z.string(), children: z.array(z.lazy(() => tree)) })
    const table: Record<string, Endpoint> = {
      odd: {
        method: 'POST',
        path: '/api/odd/:when',
        service: 'query',
        request: z.object({ at: z.date(), tree, never: z.undefined() }),
        response: z.object({ at: z.date(), n: z.string().transform(Number), tree }),
        params: z.object({ when: z.string() }),
      },
    }
    const described: Record<string, Operation> = { odd: { summary: 'Odd', tag: 'Health', access: 'public' } }
    const built = buildOpenApiDocument({ version: '0' }, table, described)
    await expectValidOpenApi31(built)
    expectRefsResolve(built)
    expectValidJsonSchemas(built)
    expect(Object.keys(built.components.schemas).some((name) => name.startsWith('odd.'))).toBe(true)
  })
})
