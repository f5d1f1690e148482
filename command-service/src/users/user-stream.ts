import { eventMetadata, userStream } from '@prizes/contracts'
import {
  type RegisteredUser,
  type UserCommand,
  type UserEvent,
  UserNotFound,
  type UserState,
  userDecider,
} from '@prizes/domain'
import type { RecordedEvent } from '@prizes/event-store'
import type { CommandHandler, HandleOptions, HandleResult, StreamStore } from '../command-handler'
import type { CommandContext } from '../event-metadata'

export type UserResult = HandleResult<UserState, UserEvent>

/**
 * The user id of no account: its stream never has events (every command on it is refused as a
 * missing user). A look-up of an email with no account goes through it, doing the same steps as
 * one that finds an account, so the time it takes does not say whether the email has one.
 */
export const nobody = 'nobody'

/** Runs one user command on the user's stream through the one handler, with its rows if any. */
export function runUserCommand(
  handler: CommandHandler,
  command: UserCommand,
  context: CommandContext,
  options: HandleOptions<UserState> = {},
): Promise<UserResult> {
  return handler.handle(userStream(command.data.userId), userDecider, command, context, options)
}

export interface LoadedUser {
  readonly user: RegisteredUser
  /** When the account was registered: the first event's `occurredAt`. */
  readonly createdAt: string
}

function occurredAt(metadata: unknown, fallback: Date): string {
  const parsed = eventMetadata.safeParse(metadata)
  return parsed.success ? parsed.data.occurredAt : fallback.toISOString()
}

function fold(events: readonly RecordedEvent[]): UserState {
  let state = userDecider.initialState
  for (const recorded of events) {
    const event = userDecider.decodeEvent(recorded)
    if (event) state = userDecider.evolve(state, event)
  }
  return state
}

/** Folds a user's stream for reads that decide nothing (sign-in, profile, link checks). */
export async function loadUserState(
  store: Pick<StreamStore, 'readStream'>,
  userId: string,
): Promise<UserState> {
  return fold(await store.readStream(userStream(userId)))
}

/** A registered (not erased) user with the moment they registered, or UserNotFound. */
export async function loadUser(store: StreamStore, userId: string): Promise<LoadedUser> {
  const events = await store.readStream(userStream(userId))
  const state = fold(events)
  const first = events[0]
  if (state.status !== 'registered' || first === undefined) throw new UserNotFound(userId)
  return { user: state, createdAt: occurredAt(first.metadata, first.recordedAt) }
}

/** The registration moment alone, for answers built from a command's resulting state. */
export async function registeredAt(store: StreamStore, userId: string): Promise<string> {
  const [first] = await store.readStream(userStream(userId), { limit: 1 })
  if (first === undefined) throw new UserNotFound(userId)
  return occurredAt(first.metadata, first.recordedAt)
}

export function registeredUser(result: UserResult, userId: string): RegisteredUser {
  if (result.state.status !== 'registered') throw new UserNotFound(userId)
  return result.state
}
