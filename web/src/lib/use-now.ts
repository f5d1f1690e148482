import { createContext, useContext, useEffect, useState } from 'react'

/**
 * The moment a server-rendered page was rendered at (its answers' `renderedAt`), while it is
 * rendered on the server and while the browser takes it over; then undefined. A first render
 * counts from it, as the server's did, so the markup taken over (a countdown's digits) is what
 * the server made; the browser's clock takes over at once after.
 */
export const RenderTime = createContext<{ at: Date | undefined }>({ at: undefined })

/** The current time, refreshed every `intervalMs`, so countdown wording stays right on a page left open. */
export function useNow(intervalMs = 60_000): Date {
  const renderTime = useContext(RenderTime)
  const [renderedAt] = useState(() => renderTime.at)
  const [now, setNow] = useState(() => renderedAt ?? new Date())
  useEffect(() => {
    if (renderedAt) setNow(new Date())
    const id = window.setInterval(() => setNow(new Date()), intervalMs)
    return () => window.clearInterval(id)
  }, [intervalMs, renderedAt])
  return now
}
