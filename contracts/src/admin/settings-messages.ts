// No zod here: the maintenance page, part of the web's first script, shows these.

export const settingsMessages = {
  saved: 'Settings saved',
  maintenance:
    'The site is closed for maintenance. Please try again shortly; your account and entries are safe.',
} as const
