import type { HistoryActor } from '@prizes/contracts'

/** Who did it, for the audit trail: the admin by name and email, an entrant, or a platform process. */
export function actorLabel(actor: HistoryActor): string {
  switch (actor.kind) {
    case 'admin': {
      const { name, email } = actor
      if (name && email) return `${name} (${email})`
      return name ?? email ?? 'Admin (erased)'
    }
    case 'user':
      return actor.name ? `Entrant ${actor.name}` : 'Entrant (erased)'
    case 'system':
      return `System: ${actor.name ?? actor.id}`
  }
}
