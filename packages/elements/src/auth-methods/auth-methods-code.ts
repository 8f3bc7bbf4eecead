/**
 * The code step of `<pay-auth-methods>`: the code field of an added email or text-message method (with
 * the cells' styles, code-field.styles.ts) and its verification (`client.loginWithOtp`; a wrong code is
 * said under the field). The element loads this module with a dynamic `import()` the first time a code
 * method is added, so the list, passkey and provider screens do not fetch it.
 *
 * @example
 *   const { AuthMethodsCodeStep } = await import('./auth-methods-code.js');
 *   this.#code = new AuthMethodsCodeStep(this, { hint, challenge, busy, verified });
 */
import type { OtpChallenge } from '@paykit/crypto-core';
import type { PayElement } from '../shared/base-element.js';
import { CodeField } from '../shared/code-field.js';

export interface AuthMethodsCodeStepOptions {
  hint: () => string;
  /** The challenge of the added method the code answers, while there is one. */
  challenge: () => OtpChallenge | undefined;
  /** Sets the element's own busy flag (its buttons) around the check; returns whether it was set already. */
  busy: (busy: boolean) => boolean;
  /** The code was right: the method is verified (and the session is now its). */
  verified: (challenge: OtpChallenge) => unknown;
}

export class AuthMethodsCodeStep extends CodeField {
  constructor(host: PayElement, options: AuthMethodsCodeStepOptions) {
    super(host, {
      label: () => host['t']('otp.label'),
      hint: options.hint,
      onComplete: async (code) => {
        const challenge = options.challenge();
        if (!challenge || options.busy(true)) return;
        this.busy = true;
        host.requestUpdate();
        try {
          await host['requireClient']().loginWithOtp({ challenge, code });
          this.busy = false;
          options.busy(false);
          await options.verified(challenge);
        } catch (error) {
          this.showError(host['reportError'](error, { UNAUTHORIZED: 'error.wrongCode' }));
        } finally {
          this.busy = false;
          options.busy(false);
          host.requestUpdate();
        }
      },
    });
  }
}
