import { describe, expect, it } from 'vitest'
import { ApiError, createApiClient } from './api-client'

const competition = {
  id: 'c1',
  title: 'Win a Car',
  description: 'A car',
  prize: 'A car',
  prize_value: 25_000,
  entry_price: 2.99,
  total_tickets: 1000,
  sold_tickets: 10,
  paid_entries: 10,
  free_entries: 0,
  max_entries_per_person: 100,
  location: 'UK Wide',
  start_date: '2026-01-01T00:00:00.000Z',
  end_date: '2026-02-01T00:00:00.000Z',
  status: 'active',
  featured: true,
  image_url: null,
  drawn_at: null,
  minimum_tickets: null,
  cash_alternative: null,
  skill_question: { question: '2 + 2?', options: ['3', '4', '5', '6'] },
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

function clientAnswering(answer: (url: string, init?: RequestInit) => Promise<Response>) {
  const calls: string[] = []
  const client = createApiClient({
    fetch: async (input, init) => {
      calls.push(String(input))
      return answer(String(input), init)
    },
  })
  return { client, calls }
}

describe('api client', () => {
  it('calls the endpoint path and returns the parsed body', async () => {
    const { client, calls } = clientAnswering(async () =>
      json(200, { success: true, competitions: [competition] }),
    )
    const body = await client.call('listCompetitions', { timeoutMs: 1000 })
    expect(calls).toEqual(['/api/competitions'])
    expect(body.competitions[0]?.title).toBe('Win a Car')
  })

  it('reads an error status the caller names as the answer, and any other as a refusal', async () => {
    const stuck = {
      success: false,
      status: 'stuck',
      checkedAt: 'now',
      database: { ok: true },
      projections: [],
      reactors: [],
    }
    const { client } = clientAnswering(async () => json(503, stuck))
    expect(await client.call('health', { timeoutMs: 1000, answerStatuses: [503] })).toEqual(stuck)
    await expect(client.call('health', { timeoutMs: 1000 })).rejects.toMatchObject({ status: 503 })
  })

  it('sends the token as a bearer header, and no header when signed out', async () => {
    const seen: (string | null)[] = []
    let token: string | null = 'tok.en'
    const client = createApiClient({
      getToken: () => token,
      fetch: async (_input, init) => {
        seen.push(new Headers(init?.headers).get('Authorization'))
        return json(200, { success: true, competitions: [] })
      },
    })
    await client.call('listCompetitions', { timeoutMs: 1000 })
    token = null
    await client.call('listCompetitions', { timeoutMs: 1000 })
    expect(seen).toEqual(['Bearer tok.en', null])
  })

  it('sends a JSON body with its content type', async () => {
    const seen: { method?: string; type: string | null; body: unknown }[] = []
    const client = createApiClient({
      fetch: async (_input, init) => {
        seen.push({
          method: init?.method,
          type: new Headers(init?.headers).get('Content-Type'),
          body: init?.body,
        })
        return json(200, { success: true, message: 'Sent' })
      },
    })
    await client.call('forgotPassword', { timeoutMs: 1000, body: { email: 'a@b.co' } })
    expect(seen).toEqual([{ method: 'POST', type: 'application/json', body: '{"email":"a@b.co"}' }])
  })

  it('sends a FormData body as is, leaving its multipart content type to fetch', async () => {
    const seen: { type: string | null; body: unknown }[] = []
    const client = createApiClient({
      fetch: async (_input, init) => {
        seen.push({ type: new Headers(init?.headers).get('Content-Type'), body: init?.body })
        return json(201, { success: true })
      },
    })
    const form = new FormData()
    form.set('title', 'Win a Car')
    await client.call('adminCreateCompetition', { timeoutMs: 1000, body: form })
    expect(seen).toEqual([{ type: null, body: form }])
  })

  it('downloads a file answer as a Blob', async () => {
    const { client, calls } = clientAnswering(
      async () =>
        new Response('#,Reference\n1,PRZ-2026-000001\n', { headers: { 'Content-Type': 'text/csv' } }),
    )
    const blob = await client.download('adminExportCompetitionEntries', {
      timeoutMs: 1000,
      params: { id: 'c1' },
    })
    expect(calls).toEqual(['/api/admin/competitions/c1/entries/export'])
    expect(await blob.text()).toBe('#,Reference\n1,PRZ-2026-000001\n')
  })

  it('throws a refused download with the error body, as a call', async () => {
    const { client } = clientAnswering(async () =>
      json(403, { success: false, message: 'Access denied. Admin privileges required.', code: 'FORBIDDEN' }),
    )
    await expect(
      client.download('adminExportCompetitionEntries', { timeoutMs: 1000, params: { id: 'c1' } }),
    ).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' })
  })

  it('puts path parameters in the path, encoded', async () => {
    const { client, calls } = clientAnswering(async () =>
      json(200, { success: true, message: 'Verified', alreadyVerified: false }),
    )
    await client.call('verifyEmail', { timeoutMs: 1000, params: { token: 'a/b c' } })
    expect(calls).toEqual(['/api/auth/verify-email/a%2Fb%20c'])
  })

  it('adds the query string', async () => {
    const { client, calls } = clientAnswering(async () =>
      json(200, {
        success: true,
        entries: [],
        summary: { total: 0, paid: 0, pending: 0, totalRevenue: 0, totalTicketsSold: 0 },
        page: 2,
        pageSize: 10,
        totalPages: 0,
      }),
    )
    await client.call('adminCompetitionEntries', {
      timeoutMs: 1000,
      params: { id: 'c1' },
      query: { page: '2' },
    })
    expect(calls).toEqual(['/api/admin/competitions/c1/entries?page=2'])
  })

  it('throws the status, code and message of the error body', async () => {
    const { client } = clientAnswering(async () =>
      json(503, { success: false, message: 'Down for maintenance', code: 'MAINTENANCE' }),
    )
    await expect(client.call('listCompetitions', { timeoutMs: 1000 })).rejects.toMatchObject({
      name: 'ApiError',
      status: 503,
      code: 'MAINTENANCE',
      message: 'Down for maintenance',
    })
  })

  it('keeps the field errors of a refused form', async () => {
    const { client } = clientAnswering(async () =>
      json(400, {
        success: false,
        message: 'Please fill in all required fields correctly',
        code: 'VALIDATION_FAILED',
        fieldErrors: { title: ['Required'], 'skill_question.options.1': ['Required'] },
      }),
    )
    await expect(client.call('adminCreateCompetition', { timeoutMs: 1000, body: {} })).rejects.toMatchObject({
      status: 400,
      fieldErrors: { title: ['Required'], 'skill_question.options.1': ['Required'] },
    })
  })

  it('falls back to a generic error when the error body is not ours', async () => {
    const { client } = clientAnswering(async () => new Response('<html>Bad gateway</html>', { status: 502 }))
    await expect(client.call('listCompetitions', { timeoutMs: 1000 })).rejects.toMatchObject({
      status: 502,
      code: 'HTTP_ERROR',
    })
  })

  it('rejects a body that does not match the contract', async () => {
    const { client } = clientAnswering(async () => json(200, { competitions: 'nope' }))
    await expect(client.call('listCompetitions', { timeoutMs: 1000 })).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
      message: 'Invalid API response format',
    })
  })

  it("checks an admin endpoint's answer against the admin table, loaded on first use", async () => {
    const { client } = clientAnswering(async () => json(200, { users: 'nope' }))
    await expect(client.call('adminListUsers', { timeoutMs: 1000 })).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
    })
  })

  it('turns a network failure into a NETWORK_ERROR', async () => {
    const { client } = clientAnswering(async () => {
      throw new TypeError('fetch failed')
    })
    await expect(client.call('listFeaturedCompetitions', { timeoutMs: 1000 })).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
    })
  })

  it('gives up after the timeout', async () => {
    const { client } = clientAnswering(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))
        }),
    )
    const error = await client.call('listFeaturedCompetitions', { timeoutMs: 20 }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ code: 'TIMEOUT' })
  })

  it('lets a caller cancellation through unchanged', async () => {
    const controller = new AbortController()
    const { client } = clientAnswering(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')))
        }),
    )
    const pending = client.call('listCompetitions', { timeoutMs: 1000, signal: controller.signal })
    controller.abort()
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
  })

  it('sends the position of its latest command with the queries of the next seconds', async () => {
    let clock = 1_000_000
    const sent: Array<{ url: string; readAfter: string | null }> = []
    const positions = ['812/40', '790/3', '815/1']
    const client = createApiClient({
      now: () => clock,
      fetch: async (input, init) => {
        sent.push({ url: String(input), readAfter: new Headers(init?.headers).get('X-Read-After') })
        if (init?.method === 'POST') {
          return new Response(JSON.stringify({ success: true, message: 'Sent' }), {
            status: 200,
            headers: { 'Content-Type': 'application/json', 'X-Event-Position': positions.shift() ?? '' },
          })
        }
        return json(200, { success: true, competitions: [] })
      },
    })
    const command = () =>
      client.call('forgotPassword', { timeoutMs: 1000, body: { email: 'someone@example.com' } })
    const query = () => client.call('listCompetitions', { timeoutMs: 1000 })

    await query()
    await command()
    await query()
    // An answer from an earlier point of the log (a slower command) does not take it back.
    await command()
    await query()
    await command()
    clock += 9_000
    await query()
    clock += 1_000
    await query()

    // Commands never carry it; queries do, until ten seconds after the latest command.
    expect(sent.map((s) => s.readAfter)).toEqual([null, null, '812/40', null, '812/40', null, '815/1', null])
  })
})
