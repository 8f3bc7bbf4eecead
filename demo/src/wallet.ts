/**
 * Reads of the signed-in customer's wallet that several steps share (balance, passkeys, card), and
 * signing the wallet out quietly. Calls that no flow function of the core names go through
 * `WalletClient.request`.
 *
 * @example
 *   await loadWallet(); // balance, passkeys and card of state.me
 */
import { listCredentials } from '@paykit/crypto-core';
import { renderTopbar } from './shell.js';
import { state, type Card } from './state.js';

/** Reads everything the steps show of the customer's wallet: balance, passkeys, card (nothing without a customer). */
export async function loadWallet(): Promise<void> {
  if (state.me) await Promise.all([refreshBalance(), loadPasskeys(), loadCard()]);
}

/** Reads the wallet's balance and shows it in the top bar (the last known one stays on failure). */
export async function refreshBalance(): Promise<void> {
  const me = state.me;
  if (!me) return;
  try {
    const page = await state.client.request<{ data: { id: string; balance?: { amount?: number } }[] }>(
      'GET',
      '/customers/internal-accounts',
      { query: { customerId: me.customerId } },
    );
    const wallet = page.data.find((a) => a.id === me.accountId);
    if (typeof wallet?.balance?.amount === 'number') state.balance = wallet.balance.amount;
  } catch {
    // the header simply keeps the last known balance
  }
  renderTopbar();
}

/** The wallet's passkeys, newest first. */
export async function loadPasskeys(): Promise<void> {
  if (!state.me) return;
  try {
    const credentials = await listCredentials(state.client, state.me.accountId);
    state.passkeys = credentials
      .filter((c) => c.type === 'PASSKEY')
      .sort((a, b) => String(b.createdAt).localeCompare(String(a.createdAt)));
  } catch {
    state.passkeys = [];
  }
}

/** The customer's latest card. */
export async function loadCard(): Promise<void> {
  const id = state.me?.cardIds.at(-1);
  if (!id) return;
  try {
    state.card = await state.client.request<Card>('GET', `/cards/${encodeURIComponent(id)}`);
  } catch {
    state.card = undefined;
  }
}

/** Signs the wallet out locally and, when the proxy still allows it, on the service. */
export async function forgetWalletSession(): Promise<void> {
  try {
    await state.client.logout();
  } catch {
    // the local key and record are gone even when the service call failed
  }
}
