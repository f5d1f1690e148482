import type { AdminStatusRequest, CompetitionStatus } from '@prizes/contracts'
import { type CompetitionLifecycleEventType, competitionMachine } from '@prizes/domain'
import type { ConfirmColour } from '../../../../components/confirm-dialog'

/** A status change the admin may ask for, with what the confirm dialog says and what a failure says. */
export interface StatusAction {
  readonly event: CompetitionLifecycleEventType
  readonly label: string
  readonly status: AdminStatusRequest['status']
  readonly confirmTitle: string
  readonly confirmMessage: string
  readonly colour: ConfirmColour
  /** SPEC section 8: the failure's opening words; the server's reason follows. */
  readonly failure: string
  /** Whether the dialog asks for a reason (kept in the audit trail). */
  readonly asksReason: boolean
}

/** In the order the buttons appear. */
const statusActions: readonly StatusAction[] = [
  {
    event: 'competition.publish',
    label: 'Publish',
    status: 'active',
    confirmTitle: 'Publish competition',
    confirmMessage:
      'Publishing makes the competition live: it appears on the home page and accepts entries, and its draw seed is committed publicly.',
    colour: 'primary',
    failure: 'Failed to publish competition',
    asksReason: false,
  },
  {
    event: 'competition.close',
    label: 'Close for Draw',
    status: 'closed',
    confirmTitle: 'Close for draw',
    confirmMessage:
      'Closing stops entries at once and seals the list of eligible tickets for the draw. It cannot be reopened.',
    colour: 'warning',
    failure: 'Failed to close competition',
    asksReason: true,
  },
  {
    event: 'competition.startDraw',
    label: 'Start Draw',
    status: 'drawing',
    confirmTitle: 'Start draw',
    confirmMessage:
      'Starting the draw moves the competition to drawing; the winner is picked when you complete it.',
    colour: 'warning',
    failure: 'Failed to start draw process',
    asksReason: false,
  },
  {
    event: 'competition.completeDraw',
    label: 'Complete Draw',
    status: 'completed',
    confirmTitle: 'Complete draw',
    confirmMessage:
      'Completing the draw reveals the seed and picks the winning ticket from the sealed list with the public randomness. This cannot be undone.',
    colour: 'warning',
    failure: 'Failed to complete draw',
    asksReason: false,
  },
  {
    event: 'competition.cancel',
    label: 'Cancel',
    status: 'cancelled',
    confirmTitle: 'Cancel competition',
    confirmMessage:
      'Cancelling refunds every paid entry to the card it was paid with and emails each entrant. It cannot be undone.',
    colour: 'error',
    failure: 'Failed to cancel competition',
    asksReason: true,
  },
]

/**
 * Issue 14: an undersold competition reached its end date below its minimum of tickets sold. The
 * same lifecycle events, worded for the admin's choice (the third, extending the end date once,
 * has a dialog of its own: it asks for the new date).
 */
const undersoldActions: readonly StatusAction[] = [
  {
    event: 'competition.close',
    label: 'Draw Anyway',
    status: 'closed',
    confirmTitle: 'Draw anyway',
    confirmMessage:
      'The minimum number of tickets was not sold. Drawing anyway closes the competition for the draw and seals the list of eligible tickets as it is; the draw then goes ahead as usual.',
    colour: 'warning',
    failure: 'Failed to close competition',
    asksReason: true,
  },
  {
    event: 'competition.cancel',
    label: 'Cancel with Refunds',
    status: 'cancelled',
    confirmTitle: 'Cancel with refunds',
    confirmMessage:
      'Cancelling refunds every paid entry to the card it was paid with and emails each entrant. It cannot be undone.',
    colour: 'error',
    failure: 'Failed to cancel competition',
    asksReason: true,
  },
]

/** The lifecycle machine at a competition's status, as the server's decider sees it. */
const snapshotAt = (status: CompetitionStatus) =>
  competitionMachine.resolveState({ value: status, context: {} })

const allows = (status: CompetitionStatus, event: CompetitionLifecycleEventType) =>
  snapshotAt(status).can({ type: event })

/** Exactly the status changes the domain's lifecycle machine allows from `status`. */
export function statusActionsFor(status: CompetitionStatus): StatusAction[] {
  const actions = status === 'undersold' ? undersoldActions : statusActions
  return actions.filter((action) => allows(status, action.event))
}

/** An undersold competition's end date may be extended, once. */
export const canExtend = (competition: { status: CompetitionStatus; end_date_extended: boolean }) =>
  allows(competition.status, 'competition.extend') && !competition.end_date_extended

/** Details may change while the machine allows a revision (draft and active). */
export const canEdit = (status: CompetitionStatus) => allows(status, 'competition.revise')

/** Only a draft or a cancelled competition may be deleted. */
export const canDelete = (status: CompetitionStatus) => allows(status, 'competition.delete')

export const statusLabels: Record<CompetitionStatus, string> = {
  draft: 'Draft',
  active: 'Active',
  undersold: 'Undersold',
  closed: 'Closed',
  drawing: 'Drawing',
  completed: 'Completed',
  cancelled: 'Cancelled',
}

/**
 * Issue 24: envelopes are keyed in while the machine takes them (active, undersold, and closed
 * until the draw starts): one that arrived before the close counts however late it is recorded.
 */
export const takesPostalEntries = (status: CompetitionStatus) => allows(status, 'competition.enterByPost')
