/**
 * The inbox an email address delivers to, as far as the address shows it: lower case, without
 * a `+tag` (every large provider delivers `ada+1@` to `ada@`), and for Gmail without dots in
 * the local part (Gmail ignores them, and googlemail.com is the same service). Limits on account
 * emails count per inbox, so `victim+1@`, `victim+2@`, … cannot flood one.
 */
export function mailboxOf(email: string): string {
  const normalised = email.trim().toLowerCase()
  const at = normalised.lastIndexOf('@')
  if (at <= 0) return normalised
  const domain = normalised.slice(at + 1)
  let local = normalised.slice(0, at)
  const plus = local.indexOf('+')
  if (plus > 0) local = local.slice(0, plus)
  if (domain === 'gmail.com' || domain === 'googlemail.com') {
    return `${local.replaceAll('.', '')}@gmail.com`
  }
  return `${local}@${domain}`
}
