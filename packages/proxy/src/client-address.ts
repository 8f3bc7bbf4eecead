/**
 * The network address of the client that sent a request, for the one place the service wants it: the
 * end user's IP on an end-user terms acceptance (never taken from the page). `toNodeListener` records the
 * socket's address for each `Request` it builds; on other servers pass `clientAddress` to the proxy.
 *
 * @example
 *   clientAddressOf(request); // '203.0.113.7', or undefined when the request did not come through Node
 */
const addresses = new WeakMap<Request, string>();

/** Where a `Request` subclass of an adapter (node.ts) keeps the address as a field, instead of in the WeakMap. */
export const CLIENT_ADDRESS: unique symbol = Symbol('client address');

/** The address as it is kept: an IPv4 address mapped into IPv6 (`::ffff:203.0.113.7`) as IPv4. */
export function plainAddress(address: string | undefined): string | undefined {
  return address?.startsWith('::ffff:') ? address.slice(7) : address || undefined;
}

export function rememberClientAddress(request: Request, address: string | undefined): void {
  const plain = plainAddress(address);
  if (plain) addresses.set(request, plain);
}

export function clientAddressOf(request: Request): string | undefined {
  return (request as { [CLIENT_ADDRESS]?: string | undefined })[CLIENT_ADDRESS] ?? addresses.get(request);
}
