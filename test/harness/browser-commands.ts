/**
 * What a browser test asks of the runner that only the automation side can do: today a virtual WebAuthn
 * authenticator that answers ceremonies without a person. test/harness/wtr/virtual-authenticator-plugin.mjs
 * serves the commands; an engine without one (and Node) answers `unsupported`, with the reason.
 *
 * @example
 *   const authenticator = await addVirtualAuthenticator();
 *   itWhen(!authenticator.unsupported, authenticator.unsupported ?? '', 'registers a passkey', …);
 */
import { runtime } from './suite.js';

export interface VirtualAuthenticator {
  authenticatorId?: string;
  unsupported?: string;
}

/** WebDriver / CDP virtual authenticator options; the defaults are a platform passkey that always verifies. */
export interface VirtualAuthenticatorOptions {
  protocol?: 'ctap2' | 'u2f';
  transport?: 'internal' | 'usb' | 'nfc' | 'ble' | 'hybrid';
  hasResidentKey?: boolean;
  hasUserVerification?: boolean;
  isUserVerified?: boolean;
  automaticPresenceSimulation?: boolean;
}

async function serverCommand<R>(command: string, payload: unknown): Promise<R> {
  // loaded only in the browser: the module talks to the runner's web socket
  const { executeServerCommand } = await import('@web/test-runner-commands');
  return executeServerCommand<R, unknown>(command, payload);
}

export async function addVirtualAuthenticator(
  options: VirtualAuthenticatorOptions = {},
): Promise<VirtualAuthenticator> {
  if (runtime === 'node') return { unsupported: 'Node has no WebAuthn' };
  return serverCommand<VirtualAuthenticator>('add-virtual-authenticator', { options });
}

export async function removeVirtualAuthenticator(authenticatorId: string): Promise<void> {
  if (runtime === 'node') return;
  await serverCommand<unknown>('remove-virtual-authenticator', { authenticatorId });
}
