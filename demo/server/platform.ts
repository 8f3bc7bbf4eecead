/**
 * The platform backend's own calls to the payments service (here the sandbox), made with the platform
 * credential, which never leaves this process. Used by the demo API (sign-up, funding) and by the
 * ownership checks of the wallet proxy.
 *
 * @example
 *   const platform = createPlatformClient({ serviceUrl, authorization: 'Basic …' });
 *   const customer = await platform.call<Customer>('POST', '/customers', { email, region });
 */
export interface PlatformClient {
  /** Calls the service; resolves with the parsed body of a 2xx answer, else throws a `ServiceError`. */
  call<T>(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<T>;
  /** Like `call`, but a 404 resolves to `undefined`. */
  find<T>(path: string): Promise<T | undefined>;
}

export class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}

export function createPlatformClient(options: {
  serviceUrl: string;
  authorization: string;
  timeoutMs?: number;
}): PlatformClient {
  const base = options.serviceUrl.replace(/\/+$/, '');
  async function call<T>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
    const response = await fetch(base + path, {
      method,
      headers: {
        Accept: 'application/json',
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...headers,
        Authorization: options.authorization,
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
    const text = await response.text();
    const json = text ? (JSON.parse(text) as unknown) : undefined;
    if (!response.ok) {
      const error = (json ?? {}) as { code?: string; message?: string };
      throw new ServiceError(
        response.status,
        error.code ?? 'UNEXPECTED',
        error.message ?? `The service answered ${response.status}`,
      );
    }
    return json as T;
  }
  return {
    call,
    async find<T>(path: string) {
      try {
        return await call<T>('GET', path);
      } catch (error) {
        if (error instanceof ServiceError && error.status === 404) return undefined;
        throw error;
      }
    },
  };
}
