/**
 * PAY_EVENT_NAMES is written as literals (so that no element bundles every event class); this keeps it
 * equal to the `eventName` of every event class the elements export.
 */
import { expect } from 'chai';
import { describe, it } from '@paykit/test-harness/suite';
import * as elements from '../src/index.js';
import { PAY_EVENT_NAMES } from '../src/event-names.js';

describe('PAY_EVENT_NAMES', () => {
  it('lists exactly the eventName of every exported pay-* event class', () => {
    const declared = Object.values(elements as Record<string, unknown>)
      .filter((value): value is { eventName: string } => typeof value === 'function' && 'eventName' in value)
      .map((event) => event.eventName);
    expect(declared.length).to.be.greaterThan(10);
    expect([...PAY_EVENT_NAMES].sort()).to.deep.equal([...new Set(declared)].sort());
  });
});
