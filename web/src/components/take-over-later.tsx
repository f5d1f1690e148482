import { type ReactNode, Suspense, useState } from 'react'

/** A wait for the next task, readable during a render. */
interface NextTask {
  done: boolean
  readonly promise: Promise<void>
}

let takingOver = false
const waits: Promise<void>[] = []

function nextTask(): NextTask {
  const wait: { done: boolean; promise?: Promise<void> } = { done: false }
  wait.promise = new Promise<void>((resolve) =>
    setTimeout(() => {
      wait.done = true
      resolve()
    }, 0),
  )
  waits.push(wait.promise)
  return wait as NextTask
}

/**
 * The browser's first render over the server's markup (`main.tsx`), with the parts wrapped in
 * `TakeOverLater` taken over a task each after the rest; resolves once all of them have been.
 */
export async function takeOverInParts(render: () => void): Promise<void> {
  takingOver = true
  try {
    render()
  } finally {
    takingOver = false
  }
  await Promise.all(waits)
  // Each part re-renders in the task its wait ended in, just after it.
  await new Promise((resolve) => setTimeout(resolve, 0))
}

function Wait({ until, children }: { readonly until: NextTask | undefined; readonly children: ReactNode }) {
  if (until && !until.done) throw until.promise
  return children
}

/**
 * A part of a server-rendered page the browser takes over in a task of its own: during the
 * first render over the server's markup (a hydration) it keeps the server's elements, as a
 * suspended part does, and is rendered a task later; no single task then holds a phone's main
 * thread for the whole page. Its child must render one root element (the one kept). In any
 * other render it renders its children at once.
 */
export function TakeOverLater({ children }: { readonly children: ReactNode }) {
  const [until] = useState(() => (takingOver ? nextTask() : undefined))
  return (
    <Suspense fallback={null}>
      <Wait until={until}>{children}</Wait>
    </Suspense>
  )
}
