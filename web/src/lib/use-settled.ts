import { useEffect, useState } from 'react'

/** The value once it has stopped changing for `ms` (a search is sent once typing pauses, not at every key). */
export function useSettled<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return settled
}
