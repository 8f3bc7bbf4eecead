import { until as untilWithin } from '../../../elements/test/helpers/dom.js';

/**
 * The elements' tests' `until` (polls `condition` every 10 ms, throws naming `what` after `timeoutMs`), with
 * these tests' own bound of 5 s.
 */
export const until = (condition: () => boolean, what: string, timeoutMs = 5000): Promise<void> =>
  untilWithin(condition, what, timeoutMs);
