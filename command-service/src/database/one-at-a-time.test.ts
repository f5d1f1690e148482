import { Refusal } from '@prizes/contracts'
import { describe, expect, it } from 'vitest'
import { answerOf } from '../testing/error-answer'
import { oneAtATime } from './one-at-a-time'

describe('oneAtATime', () => {
  it('refuses a second job with 429 until the first releases, and a double release frees only once', () => {
    const jobs = oneAtATime('A backup')
    const release = jobs.take()
    let refused: unknown
    try {
      jobs.take()
    } catch (error) {
      refused = error
    }
    expect(refused).toBeInstanceOf(Refusal)
    expect(answerOf(refused)).toMatchObject({
      status: 429,
      message: 'A backup is already running; try again when it finishes',
    })
    release()
    const second = jobs.take()
    release()
    expect(() => jobs.take()).toThrow(/already running/)
    second()
    expect(() => jobs.take()).not.toThrow()
  })
})
