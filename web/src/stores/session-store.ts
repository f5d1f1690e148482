import type { SessionUser } from '@prizes/contracts'
import { proxy } from 'valtio'
import { clearAuthToken, readAuthToken, writeAuthToken } from '../lib/auth-cookie'

/** `restoring`: a token was found at start and the profile call has not answered yet. */
export type SessionStatus = 'restoring' | 'signed-in' | 'signed-out'

interface SessionState {
  status: SessionStatus
  user: SessionUser | null
  token: string | null
}

const storedToken = readAuthToken()

/** SPEC section 3, session state. The token also lives in the auth_token cookie, which the API client reads. */
export const sessionStore = proxy<SessionState>({
  status: storedToken ? 'restoring' : 'signed-out',
  user: null,
  token: storedToken,
})

export function startSession(user: SessionUser, token: string): void {
  writeAuthToken(token)
  sessionStore.token = token
  sessionStore.user = user
  sessionStore.status = 'signed-in'
}

/** Logout and failed restores alike: local state and the cookie go (logout also ends the session on the server, `useLogout`). */
export function endSession(): void {
  clearAuthToken()
  sessionStore.token = null
  sessionStore.user = null
  sessionStore.status = 'signed-out'
}

export function setSessionUser(user: SessionUser): void {
  sessionStore.user = user
  sessionStore.status = 'signed-in'
}

/** A password change can end older sessions; the server then hands this one a fresh token. */
export function replaceSessionToken(token: string): void {
  writeAuthToken(token)
  sessionStore.token = token
}

/** The role the server put on the session user, and nothing else, decides admin features. */
export const isAdmin = (user: Pick<SessionUser, 'role'> | null): boolean => user?.role === 'admin'
