import type { z } from 'zod'
import { badRequest } from './errors'

/** Parse input with a contract schema, turning failures into a 400 naming each bad field. */
export function parseOr400<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  const fieldErrors: Record<string, string[]> = {}
  for (const issue of result.error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_'
    const list = fieldErrors[key] ?? []
    list.push(issue.message)
    fieldErrors[key] = list
  }
  const first = result.error.issues[0]
  const message = first ? `${first.path.join('.') || 'Request'}: ${first.message}` : 'Invalid request'
  throw badRequest(message, fieldErrors)
}
