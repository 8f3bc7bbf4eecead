/**
 * Composing a payment before its quote: the live rates of a corridor (`GET /exchange-rates`, cached by the
 * service about 5 minutes), the receiving institutions of a country and currency (`GET /discoveries`), a
 * receiver looked up by UMA address (`GET /receiver/uma/{address}`) or by one of the sender's external
 * accounts (`GET /receiver/external-account/{id}`), what a crypto withdrawal costs
 * (`POST /crypto/estimate-withdrawal-fee`), and the quote itself (`createQuote`, the same function as the
 * root entry's). A subpath of its own (`@paykit/crypto-core/send`), so the root entry stays within its size
 * budget. None of these calls is signed (wallet-protocol.md signs the quote's execution, not its making).
 *
 * @example
 *   const receiver = await lookupUma(client, { receiverUmaAddress: '$ana@pay.example', customerId });
 *   const [rate] = await getExchangeRates(client, { sourceCurrency: 'USD', destinationCurrency: ['EUR'] });
 *   const quote = await createQuote(client, {
 *     source: { sourceType: 'ACCOUNT', accountId },
 *     destination: { destinationType: 'UMA_ADDRESS', umaAddress: receiver.receiverUmaAddress, currency: 'EUR' },
 *     lookupId: receiver.lookupId,
 *     lockedCurrencySide: 'SENDING',
 *     lockedCurrencyAmount: 2000,
 *   });
 */
import { object, text } from './args.js';
import type { WalletClient } from './client.js';
import { request } from './client-internals.js';
import { enc } from './http.js';
import type { ServiceRequestBody, ServiceResponse, ServiceSchema } from './resources.js';

export { createQuote, lookupUma } from './payments.js';
export type { Quote, QuoteRequest, ReceiverUmaLookup } from './resources.js';

/** One corridor's rate (`ExchangeRate`): `exchangeRate` is sending units per receiving unit, fees excluded. */
export type ExchangeRate = ServiceSchema<'ExchangeRate'>;

/** A receiving institution (`GET /discoveries`): its `bankName` is what an external account names. */
export type Institution = NonNullable<ServiceSchema<'DiscoveryListResponse'>['data']>[number];

/** What one of the sender's external accounts receives (`GET /receiver/external-account/{id}`). */
export type ReceiverAccountLookup = ServiceResponse<'lookupExternalAccount'>;

/** The body of `POST /crypto/estimate-withdrawal-fee`. */
export type WithdrawalFeeRequest = ServiceRequestBody<'estimateCryptoWithdrawalFee'>;

/** Its answer: network and application fees, their total and what arrives (`netAmount`). */
export type WithdrawalFee = ServiceResponse<'estimateCryptoWithdrawalFee'>;

export interface ExchangeRateParams {
  sourceCurrency?: string | undefined;
  /** One or more destination currencies; all of the source's corridors when absent. */
  destinationCurrency?: readonly string[] | undefined;
  /** In the source currency's smallest unit; the service's default is 10 000. */
  sendingAmount?: number | undefined;
  signal?: AbortSignal | undefined;
}

/**
 * `GET /exchange-rates`: the rates of the corridors asked for (the `data` of the answer).
 *
 * @throws {PayError} the service's error (400 `INVALID_INPUT` for a bad amount); the transport's
 *   `NETWORK_ERROR`, `TIMEOUT` or `ABORTED`.
 */
export async function getExchangeRates(client: WalletClient, params: ExchangeRateParams = {}): Promise<ExchangeRate[]> {
  const { sourceCurrency, destinationCurrency, sendingAmount, signal } = object(params, 'params');
  const query = new URLSearchParams();
  if (sourceCurrency) query.set('sourceCurrency', sourceCurrency);
  for (const code of destinationCurrency ?? []) query.append('destinationCurrency', code);
  if (sendingAmount !== undefined) query.set('sendingAmount', String(sendingAmount));
  const search = String(query);
  return (
    await request<{ data: ExchangeRate[] }>(client, 'GET', `/exchange-rates${search && '?' + search}`, { signal })
  ).data;
}

/**
 * `GET /discoveries`: the receiving institutions of a country (ISO 3166-1 alpha-2) and currency; all of them
 * without either.
 *
 * @throws {PayError} the service's error (400 `INVALID_INPUT` for a malformed country or currency); the
 *   transport's `NETWORK_ERROR`, `TIMEOUT` or `ABORTED`.
 */
export async function listInstitutions(
  client: WalletClient,
  params: { country?: string | undefined; currency?: string | undefined; signal?: AbortSignal | undefined } = {},
): Promise<Institution[]> {
  const { country, currency, signal } = object(params, 'params');
  return (
    (await request<{ data?: Institution[] }>(client, 'GET', '/discoveries', { query: { country, currency }, signal }))
      .data ?? []
  );
}

/**
 * `GET /receiver/external-account/{accountId}` for the sending customer: the currency one of its external
 * accounts receives, with the estimated rate and the smallest and largest amounts.
 *
 * @throws {PayError} `INVALID_ARGUMENT` (no account or customer id); the service's error (404 for an account
 *   that is not the customer's); the transport's `NETWORK_ERROR`, `TIMEOUT` or `ABORTED`.
 */
export async function lookupExternalAccount(
  client: WalletClient,
  params: { accountId: string; customerId: string; signal?: AbortSignal | undefined },
): Promise<ReceiverAccountLookup> {
  const { accountId, customerId, signal } = object(params, 'params');
  return request(client, 'GET', `/receiver/external-account/${enc(text(accountId, 'accountId'))}`, {
    query: { customerId: text(customerId, 'customerId') },
    signal,
  });
}

/**
 * `POST /crypto/estimate-withdrawal-fee`: the fees of a withdrawal from a crypto internal account.
 *
 * @throws {PayError} the service's error (400 `INVALID_INPUT` for an unsupported currency or network, or an
 *   amount the fee swallows; 404 for an unknown internal account); the transport's `NETWORK_ERROR`, `TIMEOUT`
 *   or `ABORTED`.
 */
export async function estimateWithdrawalFee(client: WalletClient, body: WithdrawalFeeRequest): Promise<WithdrawalFee> {
  return request(client, 'POST', '/crypto/estimate-withdrawal-fee', { body: object(body, 'body') });
}
