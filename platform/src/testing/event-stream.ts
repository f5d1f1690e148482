/** One server-sent event block as received: a comment, a retry hint, or an event with data. */
export interface ReceivedEvent {
  readonly event?: string
  readonly data?: string
  readonly retry?: number
  readonly comment?: string
}

export interface EventStreamReader {
  readonly status: number
  readonly headers: Headers
  /** Every block received so far, in order. */
  readonly received: readonly ReceivedEvent[]
  /** The first block from `from` on (an index into `received`) that matches, waiting for it. */
  next(
    match: (event: ReceivedEvent) => boolean,
    options?: { from?: number; timeoutMs?: number },
  ): Promise<ReceivedEvent>
  /** Resolves when the server ends the stream: `clean` unless the connection broke. */
  readonly ended: Promise<{ clean: boolean }>
  /** Closes it from the client's side. */
  close(): void
}

function parseBlock(block: string): ReceivedEvent {
  const fields: { event?: string; data?: string; retry?: number; comment?: string } = {}
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) fields.comment = line.slice(1).trim()
    const colon = line.indexOf(':')
    if (colon <= 0) continue
    const name = line.slice(0, colon)
    const value = line.slice(colon + 1).replace(/^ /, '')
    if (name === 'event') fields.event = value
    else if (name === 'data') fields.data = fields.data === undefined ? value : `${fields.data}\n${value}`
    else if (name === 'retry') fields.retry = Number(value)
  }
  return fields
}

/** Opens a text/event-stream with fetch and parses it as it arrives, for tests. */
export async function openEventStream(url: string, init: RequestInit = {}): Promise<EventStreamReader> {
  const aborter = new AbortController()
  const answer = await fetch(url, { ...init, signal: aborter.signal })
  const received: ReceivedEvent[] = []
  const waiters = new Set<() => void>()
  let finished = false
  const notify = () => {
    for (const waiter of waiters) waiter()
  }
  const ended = (async () => {
    if (!answer.body) return { clean: true }
    const decoder = new TextDecoder()
    let buffer = ''
    try {
      for await (const chunk of answer.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true })
        let end = buffer.indexOf('\n\n')
        while (end >= 0) {
          received.push(parseBlock(buffer.slice(0, end)))
          buffer = buffer.slice(end + 2)
          end = buffer.indexOf('\n\n')
        }
        notify()
      }
      return { clean: true }
    } catch {
      return { clean: false }
    } finally {
      finished = true
      notify()
    }
  })()
  return {
    status: answer.status,
    headers: answer.headers,
    received,
    ended,
    next(match, { from = 0, timeoutMs = 5000 } = {}) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = received.slice(from).find(match)
          if (found) {
            done()
            resolve(found)
          } else if (finished) {
            done()
            reject(new Error(`the stream ended without the event; received ${JSON.stringify(received)}`))
          }
        }
        const timer = setTimeout(() => {
          done()
          reject(new Error(`no such event within ${timeoutMs} ms; received ${JSON.stringify(received)}`))
        }, timeoutMs)
        const done = () => {
          clearTimeout(timer)
          waiters.delete(check)
        }
        waiters.add(check)
        check()
      })
    },
    close: () => aborter.abort(),
  }
}

/**
 * An answer's body as text: all of it, or for an event stream (which never ends) what its first
 * chunk holds, the stream then closed. For tests that call every endpoint.
 */
export async function answerText(response: Response): Promise<string> {
  if (!(response.headers.get('content-type') ?? '').startsWith('text/event-stream')) return response.text()
  const reader = response.body?.getReader()
  if (!reader) return ''
  const first = await reader.read()
  await reader.cancel()
  return first.value ? new TextDecoder().decode(first.value) : ''
}
