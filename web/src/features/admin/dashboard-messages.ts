/** SPEC sections 6 and 8: what the admin dashboard says when it cannot open or refresh. */
export const adminMessages = {
  notLoggedIn: 'You must be logged in to access admin features',
  notAdmin: 'Access denied. Admin privileges required.',
  refreshFailed: 'Some data failed to refresh. Check console for details.',
  refreshed: 'Admin data refreshed',
} as const
