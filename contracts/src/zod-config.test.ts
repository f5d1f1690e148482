import { expect, test } from 'vitest'
import { z } from 'zod'
import { parseWithoutEval } from './zod-config'

test("zod's shared configuration says jitless once the web has asked for plain parsers", () => {
  const before = z.config().jitless
  try {
    parseWithoutEval()
    expect(z.config().jitless).toBe(true)
    expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' })
  } finally {
    z.config({ jitless: before })
  }
})
