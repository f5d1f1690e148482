import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { errorAnswers, Refusal } from './error-answers'
import { allErrorCodes, errorCodes } from './error-codes'

describe('the error table', () => {
  it('answers every declared code with an error status and a message', () => {
    for (const code of allErrorCodes) {
      const answer = errorAnswers[code]
      expect(answer, code).toBeDefined()
      expect(answer.status, code).toBeGreaterThanOrEqual(400)
      expect(answer.status, code).toBeLessThan(600)
      expect(answer.message.length, code).toBeGreaterThan(0)
    }
  })

  it('holds no code that is not declared', () => {
    expect(Object.keys(errorAnswers).sort()).toEqual([...allErrorCodes].sort())
  })

  it('sends a code as another only when that one is declared and answers alike', () => {
    for (const code of allErrorCodes) {
      const sentAs = errorAnswers[code].sentAs
      if (sentAs === undefined) continue
      expect(allErrorCodes, code).toContain(sentAs)
      // What the client is told is not itself re-sent as a third code.
      expect(errorAnswers[sentAs].sentAs, code).toBeUndefined()
    }
  })

  it('declares each code once: no string of error-codes.ts is written twice', () => {
    const source = readFileSync(new URL('./error-codes.ts', import.meta.url), 'utf8')
    const written = [...source.matchAll(/'([A-Z][A-Z0-9_]+)'/g)].map((match) => match[1])
    expect(written.length).toBe(new Set(written).size)
    expect(new Set(written)).toEqual(new Set(allErrorCodes))
  })

  it("gives a refusal the table's message unless it has its own", () => {
    expect(new Refusal(errorCodes.notFound).message).toBe('Not found')
    expect(new Refusal(errorCodes.notFound, 'No such file').message).toBe('No such file')
    expect(new Refusal(errorCodes.notFound)).toMatchObject({ name: 'Refusal', code: 'NOT_FOUND' })
  })
})
