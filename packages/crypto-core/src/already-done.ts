/**
 * Internal (no subpath export, not in the root): the one rule for the service's "already done" answers.
 * An action is identified by its intent, not its attempt: when a retry of the same intent (its first
 * answer was lost, or another tab did it) is answered "already done" (409 for a key used or a resource
 * that exists, 404 on a delete), the flow reads the resource and continues from its real state instead
 * of failing.
 *
 * @example
 *   return orRealState(
 *     request<Card>(client, 'PATCH', path, { body }),
 *     (error) => error.code === 'INVALID_STATE_TRANSITION',
 *     async () => ((card = await getCard(client, { cardId })), card.state === state ? card : undefined),
 *   );
 */
import { PayError } from './errors.js';

/**
 * Answers what `action` answers. When it fails with a `PayError` that `alreadyDone` accepts, answers what
 * `read` finds (the intent reached); when `read` finds nothing (`undefined`) or fails, the action's own
 * error is thrown.
 */
export async function orRealState<T>(
  action: Promise<T>,
  alreadyDone: (error: PayError) => boolean,
  read: () => Promise<T | undefined>,
): Promise<T> {
  try {
    return await action;
  } catch (error) {
    if (!(error instanceof PayError) || !alreadyDone(error)) throw error;
    const now = await read().catch(() => undefined);
    if (now === undefined) throw error;
    return now;
  }
}
