import type { Position } from '@prizes/event-store'

/**
 * Read-your-writes for the admin screens: when given, an admin command answers only once the
 * read models show its events (or a bounded wait passes), so the list the screen fetches next
 * is never older than the change the admin just made. The all-in-one launcher passes its
 * projections' `waitForPosition`; a command service on its own (docker-compose) has none and
 * answers at once, and the web keeps the command's answer until its refetch agrees.
 */
export interface ReadModels {
  caughtUp(position: Position): Promise<void>
}
