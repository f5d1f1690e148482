import { describe, expect, it } from 'vitest'
import { createPasswordWork, type PasswordLane } from './password-work'

/** Work that finishes when told to, and says when it started. */
function controlled(
  work: ReturnType<typeof createPasswordWork>,
  lane: PasswordLane,
  log: string[],
  name: string,
) {
  let finish: () => void = () => undefined
  const finished = new Promise<void>((resolve) => {
    finish = resolve
  })
  const done = work.run(lane, async () => {
    log.push(name)
    await finished
  })
  return {
    async finish() {
      finish()
      await done
    },
  }
}

/** Lets every resolved continuation run before looking. */
const settled = () => new Promise((resolve) => setImmediate(resolve))

describe('password work', () => {
  it('keeps a slot for checks: new passwords queue behind one another, a check starts at once', async () => {
    const work = createPasswordWork(2)
    const log: string[] = []
    const signUps = ['a', 'b', 'c'].map((name) => controlled(work, 'new-password', log, name))
    await settled()
    expect(log).toEqual(['a'])
    const signIn = controlled(work, 'check', log, 'check')
    await settled()
    expect(log).toEqual(['a', 'check'])
    expect(work.state()).toEqual({
      running: { check: 1, 'new-password': 1 },
      waiting: { check: 0, 'new-password': 2 },
    })
    await signIn.finish()
    await signUps[0]?.finish()
    await settled()
    expect(log).toEqual(['a', 'check', 'b'])
    await signUps[1]?.finish()
    await signUps[2]?.finish()
    expect(log).toEqual(['a', 'check', 'b', 'c'])
    expect(work.state()).toEqual({
      running: { check: 0, 'new-password': 0 },
      waiting: { check: 0, 'new-password': 0 },
    })
  })

  it('gives a freed slot to a waiting check before any waiting new password, never exceeding the slots', async () => {
    const work = createPasswordWork(2)
    const log: string[] = []
    const most: number[] = []
    work.onStart((_lane, state) => most.push(state.running.check + state.running['new-password']))
    const first = controlled(work, 'check', log, 'check-1')
    const second = controlled(work, 'check', log, 'check-2')
    const signUp = controlled(work, 'new-password', log, 'new')
    const third = controlled(work, 'check', log, 'check-3')
    await settled()
    expect(log).toEqual(['check-1', 'check-2'])
    await first.finish()
    await settled()
    expect(log).toEqual(['check-1', 'check-2', 'check-3'])
    await second.finish()
    await settled()
    expect(log).toEqual(['check-1', 'check-2', 'check-3', 'new'])
    await third.finish()
    await signUp.finish()
    expect(Math.max(...most)).toBe(2)
  })

  it('frees the slot of work that fails', async () => {
    const work = createPasswordWork(2)
    await expect(work.run('check', () => Promise.reject(new Error('bad hash')))).rejects.toThrow('bad hash')
    expect(work.state().running).toEqual({ check: 0, 'new-password': 0 })
  })
})
