import { maintenanceError, type SettingsCache } from '@prizes/platform'

/**
 * Sign-in stays open during maintenance so that staff can get in: an admin's sign-in succeeds,
 * anyone else's (after the password was checked, so no one learns more than usual) gets the
 * maintenance 503 and no session.
 */
export async function assertMaySignIn(settings: SettingsCache, role: 'user' | 'admin'): Promise<void> {
  if (role !== 'admin' && (await settings.get()).maintenanceMode) throw maintenanceError()
}
