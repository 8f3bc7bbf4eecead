/**
 * The sidebar's "Sandbox codes": the code the current step asks for, labelled as that step names it
 * (the sign-in code, the email and phone code of contact verification, the payment's SCA code); a step
 * that asks for none lists them all. The codes come from the demo server's config (sandbox only).
 */
import { h, mount } from './dom.js';
import type { DemoMessageKey } from './i18n/translate.js';
import { state, type StepId } from './state.js';

type Hint = 'otpCode' | 'contactCode' | 'scaCode';

const LABELS: Record<Hint, DemoMessageKey> = {
  otpCode: 'codes.otpCode',
  contactCode: 'codes.contactCode',
  scaCode: 'codes.scaCode',
};

/** The codes each step asks for; steps not named ask for none. */
const BY_STEP: Partial<Record<StepId, Hint[]>> = {
  signin: ['otpCode'],
  contact: ['contactCode'],
  pay: ['scaCode'],
  passkey: ['otpCode'],
  export: ['otpCode'],
  sessions: ['otpCode'],
};

/** Renders the codes for `step` into the sidebar. */
export function renderCodeTips(step: StepId): void {
  const hints = state.config?.hints;
  const slot = document.querySelector<HTMLElement>('[data-slot="codes"]');
  if (!hints || !slot) return;
  const codes = BY_STEP[step] ?? (Object.keys(LABELS) as Hint[]);
  mount(
    slot,
    codes.map((hint) =>
      h(
        'div',
        { testid: `code-${hint}` },
        h('dt', { t: LABELS[hint] }),
        h('dd', null, h('kbd', { text: hints[hint] })),
      ),
    ),
  );
}
