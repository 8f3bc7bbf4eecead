/** The PayError a promise rejects with; fails the test when it resolves or rejects with anything else. */
import { expect } from 'chai';
import { PayError } from '../../src/errors.js';

export async function failure(promise: Promise<unknown>): Promise<PayError> {
  try {
    await promise;
  } catch (e) {
    expect(e).to.be.instanceOf(PayError);
    return e as PayError;
  }
  throw new Error('expected a PayError');
}
