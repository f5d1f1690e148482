/** The product name in one place until branding is settled. */
export const siteName = 'Prize Platform'
