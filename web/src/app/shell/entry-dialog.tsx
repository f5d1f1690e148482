import type { ResponsiblePlayStatus } from '@prizes/contracts'
import type { ReactNode } from 'react'
import { EntryModal, type EntryModalProps } from '../../features/entries/components/entry-modal'
import { EntryPlayNotice } from '../../features/responsible-play/components/entry-play-notice'
import { SpendingLimitPrompt } from '../../features/responsible-play/components/spending-limit-prompt'

const playNotice = (status: ResponsiblePlayStatus | undefined): ReactNode => (
  <EntryPlayNotice status={status} />
)

const limitPrompt = (onAnswered: (answer: 'set' | 'skip') => void): ReactNode => (
  <SpendingLimitPrompt prompt="first-purchase" onAnswered={onAnswered} />
)

/**
 * The entry modal with responsible play's notice and limit prompt in it. One lazy chunk with the
 * modal, as before: the two features stand alone and meet here.
 */
export default function EntryDialog(props: Omit<EntryModalProps, 'renderPlayNotice' | 'renderLimitPrompt'>) {
  return <EntryModal {...props} renderPlayNotice={playNotice} renderLimitPrompt={limitPrompt} />
}
