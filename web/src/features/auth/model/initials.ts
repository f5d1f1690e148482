/** Up to two letters for the avatar, made here: no name leaves the browser for an avatar service. */
export function initials(firstName: string, lastName: string): string {
  const first = (name: string) => Array.from(name.trim())[0] ?? ''
  const letters = `${first(firstName)}${first(lastName)}`.toLocaleUpperCase('en-GB')
  return letters === '' ? '?' : letters
}
