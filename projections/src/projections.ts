import { competitionEventsProjection } from './competition-events/projection'
import { competitionsProjection } from './competitions/projection'
import { contactMessagesProjection } from './contact/projection'
import { drawCertificatesProjection } from './draw-certificates/projection'
import { drawsProjection } from './draws/projection'
import { entriesProjection } from './entries/projection'
import { parkedEventActionsProjection } from './parked-events/projection'
import type { Projection } from './projection'
import { responsiblePlayProjection } from './responsible-play/projection'
import { settingsHistoryProjection } from './settings/projection'
import { statsProjection } from './stats/projection'
import { usersProjection } from './users/projection'

/** Every read model the platform keeps, in the order they are started and listed. */
export const allProjections: readonly Projection[] = [
  competitionsProjection,
  entriesProjection,
  drawsProjection,
  drawCertificatesProjection,
  competitionEventsProjection,
  usersProjection,
  statsProjection,
  settingsHistoryProjection,
  contactMessagesProjection,
  responsiblePlayProjection,
  parkedEventActionsProjection,
]
