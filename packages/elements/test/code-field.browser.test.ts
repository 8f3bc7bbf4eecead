import { expect } from 'chai';
import { describe, it } from '@paykit/test-harness/suite';
import type { PayOtpLoginElement } from '../src/otp-login/otp-login.js';
import { EMAIL_CREDENTIAL, errorBody, rateLimited } from './helpers/fake-service.js';
import {
  fixture,
  hasState,
  html,
  lightInput,
  part,
  pressEnter,
  setupElementTests,
  typeInto,
  until,
} from './helpers/dom.js';
import '../src/define/pay-otp-login.js';

/** The code field's six cells, drawn over one real input (code-field.ts, light-dom.ts), in `<pay-otp-login>`. */
describe('code field cells', () => {
  const t = setupElementTests();

  async function codeStep(width: string): Promise<{ el: PayOtpLoginElement; input: HTMLInputElement }> {
    const el = await fixture<PayOtpLoginElement>(
      html`<div style="width:${width}">
        <pay-otp-login .client=${t.fake.client()} auth-method-id=${EMAIL_CREDENTIAL} lang="en"></pay-otp-login>
      </div>`,
    ).then((box) => box.firstElementChild as PayOtpLoginElement);
    await pressEnter(part(el, 'send-button'));
    await until(() => hasState(el, 'code-sent'), 'the code step');
    await el.updateComplete;
    return { el, input: lightInput(el) };
  }
  const cells = (el: Element): HTMLElement[] => [...el.querySelectorAll<HTMLElement>('.pay-field__cell')];
  const border = (cell: Element): string => getComputedStyle(cell).borderTopColor;

  it('draws six legible cells that fill a 320 px phone, follow the typed digits and outline the active one', async () => {
    const { el, input } = await codeStep('272px'); // 320 px less the page's margins
    expect(el.querySelectorAll('input')).to.have.length(1);
    const row = cells(el);
    expect(row).to.have.length(6);
    expect(row.every((cell) => cell.getAttribute('aria-hidden') === 'true')).to.equal(true);
    const box = input.getBoundingClientRect();
    const [first, last] = [row[0]!.getBoundingClientRect(), row[5]!.getBoundingClientRect()];
    expect(box.left, 'the input covers the cells').to.be.at.most(first.left + 0.5);
    expect(box.right).to.be.at.least(last.right - 0.5);
    expect(box.height, 'a touch target').to.be.at.least(44);
    expect(last.right - first.left, 'the row fills the field').to.be.closeTo(
      el.querySelector('.pay-field')!.clientWidth,
      1,
    );
    expect(el.scrollWidth, 'no horizontal overflow').to.be.at.most(el.clientWidth);
    expect(getComputedStyle(input).opacity, 'the input itself is invisible').to.equal('0');

    await typeInto(input, '12');
    await el.updateComplete;
    expect(row.map((cell) => cell.textContent)).to.deep.equal(['1', '2', '', '', '', '']);
    expect(row.map((cell) => cell.hasAttribute('data-active'))).to.deep.equal([
      false,
      false,
      true,
      false,
      false,
      false,
    ]);
    expect(border(row[2]!), 'the active cell is outlined while focused').not.to.equal(border(row[1]!));
    input.blur();
    await el.updateComplete;
    expect(border(row[2]!), 'no outline without focus').to.equal(border(row[1]!));
  });

  it('a wrong code turns the cells red and sets aria-invalid; typing clears both', async () => {
    t.fake.script('POST /auth/credentials/*/verify', errorBody(401, 'UNAUTHORIZED', 'Invalid OTP code'));
    const { el, input } = await codeStep('358px');
    const idle = border(cells(el)[3]!);
    await typeInto(input, '135790');
    await until(() => input.getAttribute('aria-invalid') === 'true', 'the wrong code');
    await el.updateComplete;
    const error = el.querySelector('.pay-field__error')!;
    expect(input.getAttribute('aria-describedby')).to.contain(error.id);
    expect(border(cells(el)[3]!), 'red cells').to.equal(getComputedStyle(error).color);
    expect(idle).not.to.equal(getComputedStyle(error).color);
    await typeInto(input, '1');
    await el.updateComplete;
    expect(input.getAttribute('aria-invalid')).to.equal('false');
    expect(input.getAttribute('aria-describedby')).not.to.contain(error.id);
    expect(border(cells(el)[3]!)).to.equal(idle);
  });

  it('a 429 disables the input and the cells look it', async () => {
    t.fake.script('POST /auth/credentials/*/verify', rateLimited(30));
    const { el, input } = await codeStep('358px');
    const idle = getComputedStyle(cells(el)[0]!);
    const [style, fill] = [idle.borderTopStyle, idle.backgroundColor];
    await typeInto(input, '135790');
    await until(() => input.disabled, 'the rate limit');
    await el.updateComplete;
    const now = getComputedStyle(cells(el)[0]!);
    expect([now.borderTopStyle, now.backgroundColor]).not.to.deep.equal([style, fill]);
    expect(now.borderTopStyle).to.equal('dashed');
  });
});
