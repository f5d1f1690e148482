import { sessionMessages } from './session-messages'

/**
 * The wording of SPEC sections 5 and 8, shared by the server's validation and the web's forms,
 * so a person sees the same sentence whichever side catches the mistake.
 */
export const authMessages = {
  emailRequired: 'Email is required',
  emailInvalid: 'Email must be valid',
  passwordRequired: 'Password is required',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  addressRequired: 'Address is required',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Please enter a valid phone number',
  dateOfBirthRequired: 'Date of birth is required',
  underage: 'You must be 18 or older to register',
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordNeedsLowercase: 'Password must contain at least one lowercase letter',
  passwordNeedsUppercase: 'Password must contain at least one uppercase letter',
  passwordNeedsNumber: 'Password must contain at least one number',
  confirmPasswordRequired: 'Please confirm your password',
  passwordsDoNotMatch: 'Passwords do not match',
  currentPasswordRequired: 'Current password is required',
  termsRequired: 'You must agree to the terms and conditions',
  ageConfirmationRequired: 'You must confirm you are 18 or older',
  forgotEmailInvalid: 'Please enter a valid email address',
  enterEmail: 'Please enter your email address',
  fixFormErrors: 'Please fix the form errors before submitting',
  // Outcomes
  registered:
    'Registration successful! Please check your email and click the verification link before logging in.',
  loggedIn: 'Login successful! Welcome back.',
  verifyBeforeLogin:
    'Please verify your email address before logging in. Check your inbox for the verification link.',
  resetLinkSent: 'Password reset link sent to your email address',
  profileUpdated: 'Profile updated successfully!',
  passwordChanged: 'Password changed successfully!',
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists. Please log in instead.',
  registrationsClosed: 'New registrations are closed at the moment. Please try again later.',
  accountBanned: 'This account has been suspended. Please contact support.',
  invalidVerificationToken: 'Invalid or expired verification token',
  invalidResetLink: 'Invalid or expired reset link',
  noVerificationToken: 'No verification token provided',
  noResetToken: 'No reset token provided',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  ...sessionMessages,
} as const
