import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import {
  allErrorCodes,
  CodedError,
  entryErrorCodes,
  errorCodes,
  Refusal,
  userErrorCodes,
} from '@prizes/contracts'
import { describe, expect, it } from 'vitest'
import { replyTo } from './errors'

const root = path.resolve(import.meta.dirname, '../../..')
/** The server packages: every error they throw is answered by the one table. */
const serverPackages = ['command-service', 'query-service', 'platform', 'domain', 'payments', 'reactors']

function sourcesOf(folder: string): string[] {
  let entries: string[]
  try {
    entries = readdirSync(folder, { recursive: true, encoding: 'utf8' })
  } catch {
    return []
  }
  return entries
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.includes('testing'))
    .filter((file) => !file.includes('node_modules') && !file.endsWith('test-harness.ts'))
    .map((file) => path.join(folder, file))
}

const sources = serverPackages.flatMap((name) => sourcesOf(path.join(root, name, 'src')))
const declared = new Set<string>(allErrorCodes)

/** Each offending line, as `file:line: text`. */
function linesMatching(test: (line: string) => boolean): string[] {
  return sources.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, index) =>
        test(line) ? [`${path.relative(root, file)}:${index + 1}: ${line.trim()}`] : [],
      ),
  )
}

describe('one way to fail', () => {
  it('finds the sources it holds to the rule', () => {
    expect(sources.length).toBeGreaterThan(100)
  })

  it('writes no error code as a literal outside contracts: each is taken from its declaration', () => {
    const literal = /'([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[A-Z]{4,})'/g
    const offending = linesMatching((line) =>
      [...line.matchAll(literal)].some((match) => declared.has(match[1] ?? '')),
    )
    expect(offending).toEqual([])
  })

  it('throws no HTTP error by hand: no status is chosen outside the table', () => {
    const byHand = /new HttpError\(|ctx\.throw\(|\bcode: '[A-Z_]+'|\bcode = '[A-Z_]+'/
    expect(linesMatching((line) => byHand.test(line))).toEqual([])
  })
})

describe('replyTo', () => {
  it('answers a refusal with its status, code and message', () => {
    expect(replyTo(new Refusal(userErrorCodes.userNotFound))).toEqual({
      status: 404,
      body: { success: false, code: 'USER_NOT_FOUND', message: 'User not found' },
      retryAfterSeconds: undefined,
    })
  })

  it('sends a form rule as VALIDATION_FAILED with its fields, and the retry the error names', () => {
    class InvalidThing extends CodedError {
      readonly code = entryErrorCodes.invalidEntry
      override readonly fieldErrors = { numberOfEntries: ['Too many'] }
    }
    expect(replyTo(new InvalidThing('Too many'))).toMatchObject({
      status: 400,
      body: {
        code: 'VALIDATION_FAILED',
        message: 'Too many',
        fieldErrors: { numberOfEntries: ['Too many'] },
      },
    })
    expect(replyTo(new Refusal(errorCodes.rateLimited, 'Slow down', { retryAfterSeconds: 7 }))).toMatchObject(
      { status: 429, retryAfterSeconds: 7 },
    )
    expect(replyTo(new Refusal(entryErrorCodes.paymentProviderUnavailable)).retryAfterSeconds).toBe(2)
  })

  it('says nothing of our own failures but the table says', () => {
    expect(replyTo(new Refusal(errorCodes.internal, 'secret detail')).body.message).toBe(
      'Something went wrong on our side. Please try again.',
    )
  })
})
