import type { ContactDetailsResponse } from '@prizes/contracts'

/**
 * Who sends the email, as its footer states (COMPANY_NAME, COMPANY_ADDRESS, SUPPORT_EMAIL), and
 * what the site publishes beside them: support hours (UK time), the licence line and the
 * independent complaints body (SUPPORT_HOURS, OPERATOR_LICENCE, COMPLAINTS_BODY_*).
 */
export interface CompanyDetails {
  readonly name: string
  /** The postal address, one line. */
  readonly address: string
  readonly supportEmail: string
  readonly supportHours: string
  readonly licence: string | null
  readonly complaintsBody: { readonly name: string; readonly url: string | null } | null
  /** Where free entries by post go (POSTAL_ADDRESS), one line each; null when none is configured. */
  readonly postalAddress: readonly string[] | null
}

export const defaultCompanyDetails: CompanyDetails = {
  name: 'Prize Platform Ltd',
  address: '1 Example Street, London, EC1A 1AA, United Kingdom',
  supportEmail: 'support@prizeplatform.local',
  supportHours: 'Monday to Friday, 9am to 5pm',
  licence: null,
  complaintsBody: null,
  postalAddress: null,
}

/** The company's details as the configuration gives them. */
export function companyDetailsOf(config: {
  readonly COMPANY_NAME: string
  readonly COMPANY_ADDRESS: string
  readonly SUPPORT_EMAIL: string
  readonly SUPPORT_HOURS: string
  readonly OPERATOR_LICENCE?: string | undefined
  readonly COMPLAINTS_BODY_NAME?: string | undefined
  readonly COMPLAINTS_BODY_URL?: string | undefined
  readonly POSTAL_ADDRESS?: readonly string[] | undefined
}): CompanyDetails {
  return {
    name: config.COMPANY_NAME,
    address: config.COMPANY_ADDRESS,
    supportEmail: config.SUPPORT_EMAIL,
    supportHours: config.SUPPORT_HOURS,
    licence: config.OPERATOR_LICENCE ?? null,
    complaintsBody: config.COMPLAINTS_BODY_NAME
      ? { name: config.COMPLAINTS_BODY_NAME, url: config.COMPLAINTS_BODY_URL ?? null }
      : null,
    postalAddress: config.POSTAL_ADDRESS ?? null,
  }
}

/**
 * `GET /api/contact-details` as the command service answers it, from the same configuration: a
 * gateway renders pages with it (the postal address, the support hours, the licence line).
 */
export function contactDetailsOf(company: CompanyDetails): ContactDetailsResponse {
  return {
    success: true,
    supportEmail: company.supportEmail,
    company: { name: company.name, address: company.address },
    supportHours: company.supportHours,
    licence: company.licence,
    complaintsBody: company.complaintsBody,
    postalAddress: company.postalAddress ? [...company.postalAddress] : null,
  }
}
