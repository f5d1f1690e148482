/**
 * True while the gateway renders a page on the server (`entry-server.tsx`). A lazy part the
 * browser's first render cannot show yet (its chunk is still on its way, so Suspense shows
 * nothing) is left out there too: the server's markup must be what the browser's first render
 * makes, or the browser would tear it down and build it again.
 */
export const renderingOnServer = typeof window === 'undefined'
