/**
 * Gives Node's test runner the same globals that Mocha gives the browser runner, so one suite file
 * runs in Node and in every browser engine unchanged.
 */
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';

Object.assign(globalThis, { describe, it, before, after, beforeEach, afterEach, __PAYKIT_RUNTIME__: 'node' });
