// No zod, and apart from the other messages: the web's first script shows these two.

/** What a session's end says (SPEC section 4); also part of `authMessages`. */
export const sessionMessages = {
  loggedOut: 'You have been logged out successfully',
  sessionExpired: 'Your session has ended. Please log in again.',
} as const
