/**
 * The network address of the client that sent a request, for the one place the service wants it: the
 * end user's IP on an end-user terms acceptance (never taken from the page). `toNodeListener` records the
 * socket's address for each `Request` it builds; on other servers pass `clientAddress` to the proxy.
 *
 * @example
 *   clientAddressOf(request); // '203.0.113.7', or undefined when the request did not come through Node
 */
const addresses = new WeakMap<Request, string>();

export function rememberClientAddress(request: Request, address: string | undefined): void {
  if (address) addresses.set(request, address.startsWith('::ffff:') ? address.slice(7) : address);
}

export function clientAddressOf(request: Request): string | undefined {
  return addresses.get(request);
}
