/** The name mail is signed with and the default sender; change the brand here and only here. */
export const brand = {
  name: 'Prize Platform',
  fromAddress: 'Prize Platform <no-reply@prizeplatform.local>',
} as const
