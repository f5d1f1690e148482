import { describe, expect, it } from 'vitest'
import { actorLabel } from './history'

describe('actorLabel', () => {
  it('names an admin with their email', () => {
    expect(actorLabel({ kind: 'admin', id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' })).toBe(
      'Ada Lovelace (ada@example.com)',
    )
    expect(actorLabel({ kind: 'admin', id: 'u1', name: null, email: 'ada@example.com' })).toBe(
      'ada@example.com',
    )
    expect(actorLabel({ kind: 'admin', id: 'u1', name: null, email: null })).toBe('Admin (erased)')
  })

  it('calls a user an entrant', () => {
    expect(actorLabel({ kind: 'user', id: 'u2', name: 'Grace Hopper', email: 'g@example.com' })).toBe(
      'Entrant Grace Hopper',
    )
    expect(actorLabel({ kind: 'user', id: 'u2', name: null, email: null })).toBe('Entrant (erased)')
  })

  it('names the platform process', () => {
    expect(actorLabel({ kind: 'system', id: 'refund-reactor', name: null, email: null })).toBe(
      'System: refund-reactor',
    )
  })
})
