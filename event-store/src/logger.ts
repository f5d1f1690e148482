/** The little an adapter needs from a logger; a pino logger fits it. */
export interface EventStoreLogger {
  warn(details: Record<string, unknown>, message: string): void
}

/** Used when no logger is given, so a lost LISTEN connection is never silent. */
export const consoleLogger: EventStoreLogger = {
  warn(details, message) {
    console.warn(message, details)
  },
}
