import type { EncryptedPersonalData, PersonalData, SessionUser } from '@prizes/contracts'
import type { RegisteredUser } from '@prizes/domain'
import { decryptValue, encryptValue, type UserKey } from '@prizes/platform'

/** Encrypts every personal field on its own, under the user's key. */
export function encryptPersonal(key: UserKey, personal: PersonalData): EncryptedPersonalData {
  return {
    firstName: encryptValue(key, personal.firstName),
    lastName: encryptValue(key, personal.lastName),
    email: encryptValue(key, personal.email),
    phone: encryptValue(key, personal.phone),
    address: encryptValue(key, personal.address),
    dateOfBirth: personal.dateOfBirth === null ? null : encryptValue(key, personal.dateOfBirth),
  }
}

function reveal(key: UserKey, value: string): string {
  const clear = decryptValue(key, value)
  // decryptValue answers undefined only without a key, and this function always has one.
  if (clear === undefined) throw new Error('a personal value could not be decrypted')
  return clear
}

export function decryptPersonal(key: UserKey, personal: EncryptedPersonalData): PersonalData {
  return {
    firstName: reveal(key, personal.firstName),
    lastName: reveal(key, personal.lastName),
    email: reveal(key, personal.email),
    phone: reveal(key, personal.phone),
    address: reveal(key, personal.address),
    dateOfBirth: personal.dateOfBirth === null ? null : reveal(key, personal.dateOfBirth),
  }
}

export function decryptPasswordHash(key: UserKey, user: RegisteredUser): string {
  return reveal(key, user.passwordHash)
}

/** The session user of SPEC section 3; the only place personal data leaves the command side. */
export function sessionUserOf(user: RegisteredUser, key: UserKey, createdAt: string): SessionUser {
  return {
    id: user.userId,
    ...decryptPersonal(key, user.personal),
    role: user.role,
    isAdmin: user.role === 'admin',
    isGuest: user.guest,
    emailVerified: user.emailVerified,
    createdAt,
  }
}
