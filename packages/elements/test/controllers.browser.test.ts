import { expect } from 'chai';
import { ReactiveElement } from 'lit';
import type { CurrentSession, WalletClient } from '@paykit/crypto-core';
import { afterEach, describe, it } from '@paykit/test-harness/suite';
import { KeyedLoad, SessionLoad } from '../src/shared/keyed-load.js';
import { Action } from '../src/shared/action.js';
import type { ErrorView } from '../src/shared/errors.js';
import type { PayElement } from '../src/shared/base-element.js';

/** A read the test answers when it chooses. */
interface Held {
  key: unknown;
  resolve(value: string): void;
  reject(error: unknown): void;
}

/** The smallest host: a reactive element with a `client` and a key of its own. */
class LoadHostElement extends ReactiveElement {
  client: WalletClient | undefined;
  item = '';
  held: Held[] = [];
  applied: unknown[] = [];
  failed: unknown[] = [];
  readonly load = new KeyedLoad<string>(this, {
    key: () => !!this.item && [this.item],
    read: () => new Promise<string>((resolve, reject) => this.held.push({ key: this.item, resolve, reject })),
    apply: (value) => void this.applied.push(value),
    fail: (error) => void this.failed.push(error),
  });
}
customElements.define('test-keyed-load-host', LoadHostElement);

/** A client look-alike with what `SessionLoad` uses of one: its session and `subscribe`. */
function sessionClient(session: Partial<CurrentSession> | undefined) {
  const listeners = new Set<(session: CurrentSession | undefined) => void>();
  const client = {
    session: session as CurrentSession | undefined,
    subscribe(listener: (session: CurrentSession | undefined) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
  const tell = (next: Partial<CurrentSession> | undefined): void => {
    client.session = next as CurrentSession | undefined;
    for (const listener of listeners) listener(client.session);
  };
  return { client: client as unknown as WalletClient, tell, listeners };
}

class SessionHostElement extends ReactiveElement {
  client: WalletClient | undefined;
  reads: string[] = [];
  applied: unknown[] = [];
  readonly load = new SessionLoad<string>(this, {
    key: (session) => [session?.accountId],
    read: async (_client, session) => {
      this.reads.push(session.accountId);
      return session.accountId;
    },
    apply: (value) => void this.applied.push(value),
    fail: () => {},
  });
}
customElements.define('test-session-load-host', SessionHostElement);

const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

const placed: Element[] = [];
function place<T extends ReactiveElement>(el: T): T {
  placed.push(el);
  document.body.append(el);
  return el;
}

describe('KeyedLoad (shared/keyed-load.ts)', () => {
  afterEach(() => placed.splice(0).forEach((el) => el.remove()));

  it('reads when the key changes and drops the answer of the key it no longer follows', async () => {
    const el = place(new LoadHostElement());
    await el.updateComplete;
    expect(el.held).to.have.length(0); // no key, no read
    el.item = 'a';
    el.requestUpdate();
    await el.updateComplete;
    el.item = 'b';
    el.requestUpdate();
    await el.updateComplete;
    expect(el.held.map((h) => h.key)).to.deep.equal(['a', 'b']);
    el.held[1]!.resolve('B');
    el.held[0]!.resolve('A'); // late: a read of a key no longer followed
    await settle();
    expect(el.applied).to.deep.equal(['B']);
    el.requestUpdate(); // the same key: no read
    await el.updateComplete;
    expect(el.held).to.have.length(2);
  });

  it('drops the answer on its way when the element leaves the page, and reads again when it comes back', async () => {
    const el = place(new LoadHostElement());
    el.item = 'a';
    await el.updateComplete;
    const current = el.load.current();
    el.remove();
    expect(current()).to.equal(false);
    el.held[0]!.reject(new Error('late'));
    el.held[0]!.resolve('A');
    await settle();
    expect(el.applied).to.deep.equal([]);
    expect(el.failed).to.deep.equal([]);
    place(el);
    await el.updateComplete;
    await el.updateComplete;
    expect(el.held).to.have.length(2);
    el.held[1]!.resolve('A again');
    await settle();
    expect(el.applied).to.deep.equal(['A again']);
  });

  it('SessionLoad: reads again when the session key changes, not for a renewal, and stops listening off the page', async () => {
    const { client, tell, listeners } = sessionClient({ id: 's1', accountId: 'acc-1' });
    const el = new SessionHostElement();
    el.client = client;
    place(el);
    await el.updateComplete;
    await settle();
    expect(el.reads).to.deep.equal(['acc-1']);
    tell({ id: 's2', accountId: 'acc-1' }); // a renewal: the same account
    await settle();
    expect(el.reads).to.deep.equal(['acc-1']);
    expect(el.load.session?.id).to.equal('s2');
    tell({ id: 's3', accountId: 'acc-2' });
    await settle();
    expect(el.reads).to.deep.equal(['acc-1', 'acc-2']);
    expect(el.applied).to.deep.equal(['acc-1', 'acc-2']);
    el.remove();
    expect(listeners.size).to.equal(0);
    tell({ id: 's4', accountId: 'acc-3' });
    await settle();
    expect(el.reads).to.deep.equal(['acc-1', 'acc-2']);
  });
});

describe('Action (shared/action.ts)', () => {
  const view: ErrorView = { code: 'UNAVAILABLE', status: 503, key: 'error.network' } as ErrorView;
  function action() {
    const updates: string[] = [];
    const reported: unknown[] = [];
    const announced: string[] = [];
    // what an Action uses of its element (a PayElement's protected members, as they are read)
    const host = {
      requestUpdate: () => void updates.push(String(subject.busy)),
      requireClient: () => ({ name: 'the client' }) as unknown as WalletClient,
      reportError: (error: unknown) => (reported.push(error), view),
      live: { announce: (text: string) => void announced.push(text) },
    };
    const subject: Action<'save'> = new Action<'save'>(host as unknown as PayElement);
    return { subject, updates, reported, announced };
  }

  it('is busy while a change runs, then shows its success; a run while busy does nothing', async () => {
    const { subject, updates, announced } = action();
    let finish!: () => void;
    let calls = 0;
    const first = subject.run(async (client) => {
      calls++;
      expect((client as unknown as { name: string }).name).to.equal('the client');
      await new Promise<void>((resolve) => (finish = resolve));
      subject.done('Saved');
      return 'answer';
    }, 'save');
    expect(subject.busy).to.equal('save');
    expect(await subject.run(async () => void calls++)).to.equal(undefined);
    expect(calls).to.equal(1);
    finish();
    expect(await first).to.equal('answer');
    expect(subject.busy).to.equal(undefined);
    expect(subject.success).to.equal('Saved');
    expect(announced).to.deep.equal(['Saved']);
    expect(updates).to.deep.equal(['save', 'undefined']);
  });

  it('shows a failure in the error box (reported), and the next run clears it', async () => {
    const { subject, reported } = action();
    const failure = new Error('no');
    expect(
      await subject.run(async () => {
        throw failure;
      }),
    ).to.equal(undefined);
    expect(subject.busy).to.equal(undefined);
    expect(subject.error).to.equal(view);
    expect(reported).to.deep.equal([failure]);
    let seen: unknown = 'unset';
    await subject.run(async () => void (seen = subject.error));
    expect(seen).to.equal(undefined);
    expect(subject.error).to.equal(undefined);
  });
});
