/** The free route's address the suite's platform is started with (POSTAL_ADDRESS), one line each. */
export const e2ePostalAddress = ['Free Entries (E2E)', '10 Test Lane', 'Leeds', 'LS1 1AA'] as const
