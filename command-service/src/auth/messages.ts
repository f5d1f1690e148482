/**
 * Answers the spec does not word (the contracts hold the ones it does). The web shows the
 * server's message, so these are written for people.
 */
export const serverMessages = {
  guestCreated: 'Your account is ready. Check your email to verify it and choose your own password.',
  verificationSent: 'If that email has an account waiting for verification, a new link is on its way.',
  emailVerified: 'Email verified successfully! You can now log in.',
  alreadyVerified: 'Your email is already verified. You can log in.',
  resetLinkValid: 'Reset link is valid. Choose a new password.',
  passwordReset: 'Password reset successfully! You can now log in with your new password.',
  signInFromKnownPlace:
    'Too many failed sign-ins for this account from new places. Sign in from a device you have used before, or reset your password to sign in from here.',
} as const
