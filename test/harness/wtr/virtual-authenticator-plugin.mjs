/**
 * Server commands `add-virtual-authenticator` and `remove-virtual-authenticator`: a browser test asks
 * for a WebAuthn authenticator that answers ceremonies without a person (see browser-commands.ts).
 * Chromium gets one through CDP (`WebAuthn.addVirtualAuthenticator`, gone with the test's page), a
 * launcher with its own `addVirtualAuthenticator` (Firefox) provides one itself, and any other engine
 * answers `{ unsupported: reason }` so the test can skip visibly.
 *
 * @example
 *   plugins: [virtualAuthenticatorPlugin()]
 */
export const DEFAULT_AUTHENTICATOR = {
  protocol: 'ctap2',
  transport: 'internal',
  hasResidentKey: true,
  hasUserVerification: true,
  isUserVerified: true,
  automaticPresenceSimulation: true,
};

const COMMANDS = new Set(['add-virtual-authenticator', 'remove-virtual-authenticator']);

export function virtualAuthenticatorPlugin() {
  /** CDP session per Chromium test session; authenticators live on it. */
  const cdpSessions = new Map();

  async function cdpFor(session) {
    let cdp = cdpSessions.get(session.id);
    if (!cdp) {
      const page = session.browser.getPage(session.id);
      cdp = await page.context().newCDPSession(page);
      await cdp.send('WebAuthn.enable');
      cdpSessions.set(session.id, cdp);
      page.once('close', () => cdpSessions.delete(session.id));
    }
    return cdp;
  }

  return {
    name: 'virtual-authenticator',
    async executeCommand({ command, payload, session }) {
      if (!COMMANDS.has(command)) return undefined;
      const launcher = session.browser;
      const adding = command === 'add-virtual-authenticator';
      const options = { ...DEFAULT_AUTHENTICATOR, ...payload?.options };

      if (launcher.type === 'playwright' && launcher.product === 'chromium') {
        const cdp = await cdpFor(session);
        if (adding)
          return { authenticatorId: (await cdp.send('WebAuthn.addVirtualAuthenticator', { options })).authenticatorId };
        await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: payload.authenticatorId });
        return { removed: true };
      }
      if (typeof launcher.addVirtualAuthenticator === 'function') {
        if (adding) return { authenticatorId: await launcher.addVirtualAuthenticator(session.id, options) };
        await launcher.removeVirtualAuthenticator(session.id, payload.authenticatorId);
        return { removed: true };
      }
      return {
        unsupported: launcher.virtualAuthenticatorUnsupported ?? `${launcher.name} has no virtual authenticator`,
      };
    },
  };
}
