/**
 * The web's own fallbacks of SPEC section 8, shown when the server gives no message. Everything
 * the server also says comes from `authMessages` in contracts.
 */
export const authFallbacks = {
  registrationFailed: 'Registration failed',
  loginFailed: 'Login failed',
  profileUpdateFailed: 'Failed to update profile',
  passwordChangeFailed: 'Failed to change password',
  resendFailed: 'Failed to resend verification email',
  resetLinkFailed: 'Failed to send reset link. Please try again.',
  /** The entry flow's wording (SPEC section 8). */
  entryResetLinkFailed: 'Failed to send reset link',
  resetFailed: 'Failed to reset password',
  verificationServerError: 'Server error occurred. Please try again later or contact support.',
  socialComingSoon: (provider: 'Google' | 'Facebook') => `${provider} sign-in is coming soon`,
} as const
