// biome-ignore lint/suspicious/noExplicitAny: tests read answers of many shapes and assert on them.
export type AnyBody = any;

/** What a test reads from an answer. */
export interface TestResponse<T = AnyBody> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  json?: unknown;
  form?: FormData;
  /** Raw body with its own content type. */
  raw?: { body: string | Buffer; contentType: string };
  headers?: Record<string, string>;
  /** Send the anti-forgery header (default true for writes). */
  xsrf?: boolean;
}

/**
 * A fetch client with a cookie jar, like a browser tab: it keeps XSRF-TOKEN and the session cookie
 * and echoes the token in X-XSRF-TOKEN on writes.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  /** The anti-forgery token the server set (named `__Host-XSRF-TOKEN` when PUBLIC_URL is https). */
  xsrfToken(): string | undefined {
    return this.cookies.get('__Host-XSRF-TOKEN') ?? this.cookies.get('XSRF-TOKEN');
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private storeCookies(headers: Headers) {
    for (const line of headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      const expired = attributes.some((a) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request<T = AnyBody>(method: string, path: string, options: RequestOptions = {}): Promise<TestResponse<T>> {
    const write = method !== 'GET' && method !== 'HEAD';
    if (write && options.xsrf !== false && !this.xsrfToken()) await this.request('GET', '/api/health');
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader();
    let body: RequestInit['body'];
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      body = options.form;
    } else if (options.raw) {
      headers['content-type'] = options.raw.contentType;
      body = options.raw.body;
    }
    if (write && options.xsrf !== false) headers['x-xsrf-token'] = this.xsrfToken()!;
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body, redirect: 'manual' });
    this.storeCookies(response.headers);
    const text = await response.text();
    let parsed: unknown = text;
    // A HEAD answer names the type of a body it does not carry.
    if (text !== '' && /^application\/(?:[\w.-]+\+)?json\b/.test(response.headers.get('content-type') ?? ''))
      parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  get<T = AnyBody>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, options);
  }
  post<T = AnyBody>(path: string, json?: unknown, options?: RequestOptions) {
    return this.request<T>('POST', path, { json, ...options });
  }
  put<T = AnyBody>(path: string, json?: unknown, options?: RequestOptions) {
    return this.request<T>('PUT', path, { json, ...options });
  }
  patch<T = AnyBody>(path: string, json?: unknown, options?: RequestOptions) {
    return this.request<T>('PATCH', path, { json, ...options });
  }
  delete<T = AnyBody>(path: string, json?: unknown, options?: RequestOptions) {
    return this.request<T>('DELETE', path, { json, ...options });
  }
}
