import { competitionStatuses } from '@prizes/contracts'
import { describe, expect, it } from 'vitest'
import { canDelete, canEdit, canExtend, statusActionsFor } from './status-actions'

const offered = (status: (typeof competitionStatuses)[number]) => statusActionsFor(status).map((a) => a.label)

describe('status actions from the lifecycle machine', () => {
  it('offers publish and cancel on a draft', () => {
    expect(offered('draft')).toEqual(['Publish', 'Cancel'])
  })

  it('offers close for draw and cancel on an active competition', () => {
    expect(offered('active')).toEqual(['Close for Draw', 'Cancel'])
  })

  it('offers start draw on a closed one and complete draw on a drawing one', () => {
    expect(offered('closed')).toEqual(['Start Draw'])
    expect(offered('drawing')).toEqual(['Complete Draw'])
  })

  it('offers the undersold choices: draw anyway, cancel with refunds, and extend once', () => {
    expect(offered('undersold')).toEqual(['Draw Anyway', 'Cancel with Refunds'])
    expect(statusActionsFor('undersold').map((a) => a.status)).toEqual(['closed', 'cancelled'])
    expect(canExtend({ status: 'undersold', end_date_extended: false })).toBe(true)
    expect(canExtend({ status: 'undersold', end_date_extended: true })).toBe(false)
    expect(canExtend({ status: 'active', end_date_extended: false })).toBe(false)
  })

  it('offers no status change once completed or cancelled', () => {
    expect(offered('completed')).toEqual([])
    expect(offered('cancelled')).toEqual([])
  })

  it('sends the status each action leads to', () => {
    expect(statusActionsFor('draft')[0]).toMatchObject({ status: 'active', colour: 'primary' })
    expect(statusActionsFor('active')).toMatchObject([
      { status: 'closed', failure: 'Failed to close competition' },
      { status: 'cancelled', colour: 'error', asksReason: true, failure: 'Failed to cancel competition' },
    ])
    expect(statusActionsFor('closed')[0]).toMatchObject({ failure: 'Failed to start draw process' })
    expect(statusActionsFor('drawing')[0]).toMatchObject({ failure: 'Failed to complete draw' })
  })

  it('warns that cancelling refunds paid entries and emails entrants', () => {
    const cancel = statusActionsFor('active').find((a) => a.status === 'cancelled')
    expect(cancel?.confirmMessage).toMatch(/refunds every paid entry/)
    expect(cancel?.confirmMessage).toMatch(/emails each entrant/)
  })

  it('allows editing only while draft or active, deleting only when draft or cancelled', () => {
    expect(competitionStatuses.filter(canEdit)).toEqual(['draft', 'active'])
    expect(competitionStatuses.filter(canDelete)).toEqual(['draft', 'cancelled'])
  })
})
