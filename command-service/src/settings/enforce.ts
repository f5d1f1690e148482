import { settingsErrorCodes, settingsMessages } from '@prizes/contracts'
import { HttpError, maintenanceError, type SettingsCache } from '@prizes/platform'

/** allowRegistrations: register and create-guest-account are refused while it is off. */
export async function assertRegistrationsOpen(settings: SettingsCache): Promise<void> {
  if (!(await settings.get()).allowRegistrations) {
    throw new HttpError(403, settingsErrorCodes.registrationsClosed, settingsMessages.registrationsClosed)
  }
}

/**
 * Sign-in stays open during maintenance so that staff can get in: an admin's sign-in succeeds,
 * anyone else's (after the password was checked, so no one learns more than usual) gets the
 * maintenance 503 and no session.
 */
export async function assertMaySignIn(settings: SettingsCache, role: 'user' | 'admin'): Promise<void> {
  if (role !== 'admin' && (await settings.get()).maintenanceMode) throw maintenanceError()
}
