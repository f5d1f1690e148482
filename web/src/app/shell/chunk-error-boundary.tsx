import { Component, type ReactNode } from 'react'
import { closeOverlay, showSnackbar } from '../../stores/ui-store'

interface ChunkErrorBoundaryProps {
  /** What the snackbar says when the overlay's code could not be loaded or crashed. */
  readonly message: string
  readonly children: ReactNode
}

/**
 * A lazily loaded overlay that fails to load (offline, a deploy replaced the chunk) closes with
 * a message instead of leaving a blank screen.
 */
export class ChunkErrorBoundary extends Component<ChunkErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  override componentDidCatch() {
    showSnackbar(this.props.message, { severity: 'error' })
    closeOverlay()
  }

  override render() {
    return this.state.failed ? null : this.props.children
  }
}
