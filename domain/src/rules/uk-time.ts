const zoneNames = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', timeZoneName: 'short' })

/** Whether UK clocks show GMT or BST at an instant (Europe/London's rules). */
export function ukTimeZoneName(instant: Date): 'GMT' | 'BST' {
  const name = zoneNames.formatToParts(instant).find((part) => part.type === 'timeZoneName')?.value
  return name === 'BST' || name === 'GMT+1' ? 'BST' : 'GMT'
}
