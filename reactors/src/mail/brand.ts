import { type CompanyDetails, defaultCompanyDetails } from '@prizes/command-service/use-cases'

/** The name mail is signed with and the default sender; change the brand here and only here. */
export const brand = {
  name: 'Prize Platform',
  fromAddress: 'Prize Platform <no-reply@prizeplatform.local>',
} as const

/**
 * The site's colours (web `theme.ts`), so an email looks like the site it comes from: the
 * header is the hero's indigo with the logo's amber badge, buttons and links the primary indigo.
 */
export const mailColours = {
  primary: '#4338ca',
  primaryDark: '#3730a3',
  hero: '#1e1b4b',
  accent: '#fbbf24',
  text: '#0f172a',
  textSecondary: '#475569',
  page: '#f8fafc',
  surface: '#ffffff',
  border: '#e2e8f0',
} as const

let company: CompanyDetails = defaultCompanyDetails

/**
 * Sets the company every email's footer names, once at start-up from the configuration. A
 * module setting rather than an argument threaded through every template and reactor: it is
 * fixed for the life of the process, like the brand's name.
 */
export function configureCompanyDetails(details: CompanyDetails): void {
  company = details
}

export function companyDetails(): CompanyDetails {
  return company
}

/** What every email's subject starts with in TEST MODE. */
export const testModeSubjectPrefix = '[TEST MODE] '

/** The first line of every email in TEST MODE. */
export const testModeNotice =
  'TEST MODE: this site runs with a test payment provider. No real money is taken or paid back, and no prize here is real.'

let testMode = false

/**
 * TEST MODE (the offline payment provider, or Stripe's test keys): every email says so, in its
 * subject and in a first line. Set once at start-up from the configuration, like the company.
 */
export function configureTestMode(on: boolean): void {
  testMode = on
}

export function inTestMode(): boolean {
  return testMode
}
