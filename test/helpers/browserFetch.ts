/**
 * A `fetch` that refuses what a browser page at `pageOrigin` would refuse, over real HTTP: Node's fetch applies no
 * CORS, so this one sends the preflight a browser sends (`OPTIONS` with `Origin`, `Access-Control-Request-Method`
 * and `-Headers`) and checks the answers' `Access-Control-Allow-*` headers as the Fetch standard does, failing with
 * the browser's bare `TypeError` otherwise. Same-origin requests pass unchecked.
 */
export function browserLikeFetch(pageOrigin: string): (input: string | URL | Request, init?: RequestInit) => Promise<Response> {
  const refused = () => new TypeError('Failed to fetch');
  const allowsOrigin = (headers: Headers) => {
    const allowed = headers.get('access-control-allow-origin');
    return allowed === '*' || allowed === pageOrigin;
  };
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.origin === pageOrigin) return fetch(input, init);
    const headers = new Headers(init?.headers);
    // Safelisted request headers need no permission; content-type does unless it is a form's or plain text.
    const named = [...headers.keys()].filter((name) => !['accept', 'accept-language', 'content-language'].includes(name)).sort();
    let preflight: Response;
    try {
      preflight = await fetch(url, {
        method: 'OPTIONS',
        headers: { origin: pageOrigin, 'access-control-request-method': init?.method ?? 'GET', 'access-control-request-headers': named.join(',') },
        ...(init?.signal ? { signal: init.signal } : {}),
      });
      await preflight.body?.cancel();
    } catch {
      throw refused();
    }
    if (preflight.status < 200 || preflight.status > 299 || !allowsOrigin(preflight.headers)) throw refused();
    const allowedHeaders = (preflight.headers.get('access-control-allow-headers') ?? '').split(',').map((h) => h.trim().toLowerCase());
    if (!allowedHeaders.includes('*') && named.some((name) => !allowedHeaders.includes(name))) throw refused();
    headers.set('origin', pageOrigin);
    let response: Response;
    try {
      response = await fetch(url, { ...init, headers });
    } catch (error) {
      if (init?.signal?.aborted) throw error;
      throw refused();
    }
    if (!allowsOrigin(response.headers)) {
      await response.body?.cancel();
      throw refused();
    }
    return response;
  };
}
