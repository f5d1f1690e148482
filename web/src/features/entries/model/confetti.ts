/** SPEC section 9: 30, 50 or 100 particles for 2, 2.5 or 3 s on a phone, tablet or desktop. */
export function confettiFor(viewportWidth: number): { particleCount: number; durationMs: number } {
  if (viewportWidth < 600) return { particleCount: 30, durationMs: 2000 }
  if (viewportWidth < 960) return { particleCount: 50, durationMs: 2500 }
  return { particleCount: 100, durationMs: 3000 }
}
