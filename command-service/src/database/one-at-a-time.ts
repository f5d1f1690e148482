import { errorCodes, Refusal } from '@prizes/contracts'

/** 429: the job is running already (here or, for optimise, in another instance). */
export const alreadyRunning = (what: string) =>
  new Refusal(errorCodes.rateLimited, `${what} is already running; try again when it finishes`, {
    retryAfterSeconds: 5,
  })

/** One job of a kind at a time in this process; a second caller hears 429 at once. */
export function oneAtATime(what: string) {
  let running = false
  return {
    take() {
      if (running) throw alreadyRunning(what)
      running = true
      let released = false
      return () => {
        if (released) return
        released = true
        running = false
      }
    },
  }
}
