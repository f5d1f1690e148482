export { maintenanceError, maintenanceGuard, maintenanceRetryAfterSeconds } from './maintenance'
export {
  createSettingsCache,
  defaultSettingsTtlMs,
  type SettingsCache,
  type SettingsCacheOptions,
} from './settings-cache'
