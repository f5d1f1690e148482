import { describe, expect, it } from 'vitest'
import { actionsFor } from './user-actions'

describe('actionsFor', () => {
  it('offers ban, promote and delete for an ordinary user', () => {
    expect(actionsFor({ id: 'u', role: 'user', banned: false }, 'me')).toEqual(['ban', 'promote', 'delete'])
  })

  it('offers unban and demote for a banned admin', () => {
    expect(actionsFor({ id: 'u', role: 'admin', banned: true }, 'me')).toEqual(['unban', 'demote', 'delete'])
  })

  it('never offers demoting, banning or deleting oneself', () => {
    expect(actionsFor({ id: 'me', role: 'admin', banned: false }, 'me')).toEqual([])
  })
})
