import { expect } from 'chai';
import { describe, it } from '@paykit/test-harness/suite';
import { DEFAULT_LIMITS, RateLimiter } from '../limits.js';
import { DemoFullError, DemoSessions, type DemoProfile, type DemoSession } from '../sessions.js';

const profile = (n: number): DemoProfile => ({
  customerId: `Customer:${n}`,
  accountId: `InternalAccount:${n}`,
  email: `v${n}@example.com`,
  fullName: '',
  region: 'US',
  currency: 'USD',
  otpCredentialId: `AuthMethod:${n}`,
});

describe('demo sessions: a flood evicts the flooder, not the others', () => {
  it('1,000 sign-ups from one address keep every other address’s sessions, and end only the flooder’s own oldest', () => {
    const ended: DemoSession[] = [];
    const sessions = new DemoSessions({ onEnd: (session) => ended.push(session) });
    const others = [1, 2, 3].map((n) => sessions.create(profile(n), `192.0.2.${n}`));
    for (let n = 0; n < 1_000; n++) sessions.create(profile(1_000 + n), '203.0.113.66');
    for (const other of others) expect(sessions.get(other.id), other.source).to.equal(other);
    expect(sessions.size).to.equal(3 + DEFAULT_LIMITS.maxSessionsPerSource);
    expect(ended).to.have.length(1_000 - DEFAULT_LIMITS.maxSessionsPerSource);
    expect(ended.every((session) => session.source === '203.0.113.66')).to.equal(true);
  });

  it('a flood from 1,000 addresses into a full store ends no visitor in use: it is refused until one has been idle idleMs, and that one goes', () => {
    let now = 0;
    const ended: DemoSession[] = [];
    const sessions = new DemoSessions({ onEnd: (session) => ended.push(session), now: () => now });
    const everyone = Array.from({ length: DEFAULT_LIMITS.maxSessions }, (_, n) =>
      sessions.create(profile(n), `192.0.2.${n % 250}-${n}`),
    );
    let refused = 0;
    for (let n = 0; n < 1_000; n++) {
      try {
        sessions.create(profile(10_000 + n), `198.51.${n >> 8}.${n & 255}`);
      } catch (error) {
        expect(error).to.be.instanceOf(DemoFullError);
        refused += 1;
      }
    }
    expect(refused).to.equal(1_000);
    expect(ended).to.deep.equal([]);
    expect(sessions.hasRoomFor('203.0.113.1')).to.equal(false);
    // time passes; everyone but the first visitor keeps using the demo
    now += DEFAULT_LIMITS.idleMs;
    for (const visitor of everyone.slice(1)) expect(sessions.get(visitor.id)).to.equal(visitor);
    expect(sessions.hasRoomFor('203.0.113.1')).to.equal(true);
    const newcomer = sessions.create(profile(99_999), '203.0.113.1');
    expect(ended).to.deep.equal([everyone[0]]);
    expect(sessions.get(newcomer.id)).to.equal(newcomer);
    expect(() => sessions.create(profile(99_998), '203.0.113.2')).to.throw(DemoFullError);
    expect(sessions.size).to.equal(DEFAULT_LIMITS.maxSessions);
  });

  it('holds the card quota under concurrent reservations, and a release frees one slot once', () => {
    const sessions = new DemoSessions({ limits: { cardsPerVisitor: 2 } });
    const session = sessions.create(profile(1), 'a');
    const first = sessions.reserveCard(session);
    const second = sessions.reserveCard(session);
    expect(first).to.be.a('function');
    expect(second).to.be.a('function');
    expect(sessions.reserveCard(session)).to.equal(undefined);
    second!();
    second!();
    expect(session.pendingCards).to.equal(1);
    session.cardIds.add('Card:1');
    first!();
    expect(sessions.reserveCard(session)).to.be.a('function');
    expect(sessions.reserveCard(session)).to.equal(undefined);
  });

  it('RateLimiter grants the burst, then one per interval, and forgets the least recently seen keys beyond its table', () => {
    let now = 0;
    const limiter = new RateLimiter({ burst: 3, perMinute: 6, now: () => now });
    expect([1, 2, 3, 4].map(() => limiter.take('a'))).to.deep.equal([0, 0, 0, 10]);
    now += 10_000;
    expect(limiter.take('a')).to.equal(0);
    expect(limiter.take('a')).to.equal(10);
    for (let n = 0; n < 25_000; n++) limiter.take(`key-${n}`);
    expect(limiter.size).to.equal(10_000);
  });
});
