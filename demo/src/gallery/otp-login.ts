/** `<pay-otp-login>`: sign-in with a code sent by email. */
import { galleryCustomer, OTP_CODE, type Fault } from './sandbox.js';
import { CODE_INPUT, hold, offline, payElement, press, reach, refuse, type, type GallerySection } from './section.js';

const CHALLENGE = /^POST \/auth\/credentials\/[^/]+\/challenge$/;
const VERIFY = /^POST \/auth\/credentials\/[^/]+\/verify$/;

async function login(faults: Fault[] = []): Promise<HTMLElement> {
  const customer = await galleryCustomer();
  return payElement('pay-otp-login', customer.client({ faults }), {
    'auth-method-id': customer.emailCredentialId,
    destination: 'a•••@example.com',
  });
}

/** Sends the code, then types `code` once the code field is there. */
async function sendThenType(element: HTMLElement, code: string): Promise<void> {
  await press(element, 'send-button');
  await reach(element, 'code-sent');
  await type(element, CODE_INPUT, code);
  await press(element, 'verify-button').catch(() => undefined); // six digits may submit by themselves
}

const LOCKED = { lockedUntil: new Date(Date.now() + 15 * 60_000).toISOString() };

export const otpLogin: GallerySection = {
  tag: 'pay-otp-login',
  summary: 'Sign-in with a one-time code sent by email or text message.',
  states: [
    { name: 'idle', kind: 'idle', expect: 'idle', note: 'Before the code is sent.', render: () => login() },
    {
      name: 'flat',
      kind: 'idle',
      expect: 'idle',
      note: 'appearance="flat": no border, padding or background of its own, for a page that draws the card.',
      render: async () => {
        const element = await login();
        element.setAttribute('appearance', 'flat');
        return element;
      },
    },
    {
      name: 'sending',
      kind: 'loading',
      expect: 'sending',
      note: 'The code is on its way.',
      render: () => login([hold(CHALLENGE)]),
      drive: (el) => press(el, 'send-button'),
    },
    {
      name: 'code-sent',
      kind: 'idle',
      expect: 'code-sent',
      note: 'The code field, with where the code went and "Resend code" counting down.',
      render: () => login(),
      drive: (el) => press(el, 'send-button'),
    },
    {
      name: 'typing',
      kind: 'idle',
      expect: 'code-sent',
      note: 'Four digits typed: each in its cell, the next cell active.',
      render: () => login(),
      drive: async (el) => {
        await press(el, 'send-button');
        await reach(el, 'code-sent');
        await type(el, CODE_INPUT, '4829');
      },
    },
    {
      name: 'error-wrong-code',
      kind: 'error',
      expect: 'error',
      note: 'A wrong code (the sandbox’s own 401 UNAUTHORIZED): said next to the field, with the tries left.',
      render: () => login(),
      drive: (el) => sendThenType(el, '111111'),
    },
    {
      name: 'error-offline',
      kind: 'error',
      expect: 'error',
      note: 'The code could not be sent: no connection.',
      render: () => login([offline(CHALLENGE)]),
      drive: (el) => press(el, 'send-button'),
    },
    {
      name: 'locked',
      kind: 'locked',
      expect: 'error',
      note: 'Too many wrong codes: locked, and for how long.',
      render: () => login([refuse(VERIFY, 423, 'ACCOUNT_LOCKED', LOCKED)]),
      drive: (el) => sendThenType(el, '111111'),
    },
    {
      name: 'signed-in',
      kind: 'success',
      expect: 'signed-in',
      note: 'The right code: signed in.',
      render: () => login(),
      drive: (el) => sendThenType(el, OTP_CODE),
    },
  ],
};
