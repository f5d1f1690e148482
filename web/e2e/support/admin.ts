/** The bootstrap admin of the test platform (the config passes it as ADMIN_EMAIL/ADMIN_PASSWORD). */
export const e2eAdmin = { email: 'admin-e2e@example.com', password: 'DrawAdmin2026' } as const
