/**
 * Which operations of the service's OpenAPI belong to an end user's journey (issue 27: every one of them
 * served), as two explicit lists judged by `served-operations.node.test.ts`: the operations that are the
 * platform's own (or the service's test tools), each group with its reason, and the end-user operations
 * the sandbox does not serve yet. Every other operation of the OpenAPI is an end-user one and must be
 * served, so a new operation of the API is either served, classed here, or a failing test; and an entry
 * of KNOWN_MISSING whose route lands fails until it is removed, so the list only shrinks.
 *
 * @example
 *   isPlatformOnly('GET /config', ['Platform Configuration']); // true
 */

/** Operations no end user's screen calls: matched by OpenAPI tag or by `METHOD /template`. */
export const PLATFORM_ONLY: readonly { tag?: string; operation?: RegExp; reason: string }[] = [
  { tag: 'Platform Configuration', reason: "the platform's fee and card settings" },
  { tag: 'API Tokens', reason: "the platform's own credentials" },
  { tag: 'Agent Management', reason: 'experimental agents, created and approved by the platform' },
  { tag: 'Agent Operations', reason: "an agent's calls with its own token, not an end user's" },
  { tag: 'Stablecoins', reason: "a stablecoin issuer's operations" },
  {
    tag: 'Sandbox',
    reason: "the service's test tools (simulators, funding); those the sandbox serves are contract-tested all the same",
  },
  { operation: /^\w+ \/platform\//, reason: "the platform's own internal and external accounts" },
  { operation: /^\w+ \/customers\/bulk\//, reason: "the platform's bulk import of customers" },
  {
    operation: /^DELETE \/customers\/\{customerId\}$/,
    reason: "removing a customer is the platform's decision (its backend), not a call from a page",
  },
  {
    operation: /^POST \/transfer-(in|out)$/,
    reason:
      'deprecated (payments-api.md: replaced by POST /quotes with immediatelyExecute); they move money with the platform ' +
      "credential alone, without the wallet's signature, so no page may call them: a page sends through a quote",
  },
  {
    operation: /^POST \/transactions\/\{transactionId\}\/(confirm|approve|reject)$/,
    reason: 'receipt delivery and incoming-payment approval are answers of the platform',
  },
];

/** End-user operations the sandbox does not serve yet, with who or what is to serve them. */
export const KNOWN_MISSING: readonly { operation: string; note: string }[] = [];

export const isPlatformOnly = (operation: string, tags: readonly string[]): boolean =>
  PLATFORM_ONLY.some((p) => (p.tag !== undefined && tags.includes(p.tag)) || p.operation?.test(operation));
