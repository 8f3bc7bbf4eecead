/**
 * The sandbox's fixed exchange rates. Every pair of these currencies converts; any other pair is refused
 * (400 INVALID_CURRENCY), never quoted as the source currency. Rates are the API's `exchangeRate`:
 * sending units per receiving unit, fee-exclusive (payments-api.md: fees are deducted from
 * `totalSendingAmount` first, the remainder is converted). A cross-currency quote also carries a fixed
 * fee of `CROSS_CURRENCY_FEE` smallest units of the sending currency in `feesIncluded`; same-currency
 * quotes stay free with rate 1.
 *
 * | 1 unit of | costs in USD |
 * |---|---|
 * | USD | 1 |
 * | EUR | 1.08 |
 * | MXN | 0.058 |
 *
 * So USD → EUR is `exchangeRate` 1.08: sending 10 000 (USD 100.00) receives floor((10 000 − 30) / 1.08)
 * = 9 231 (EUR 92.31).
 *
 * @example
 *   const q = convert({ from: 'USD', to: 'EUR', side: 'SENDING', amount: 10_000 });
 *   // { totalSendingAmount: 10000, totalReceivingAmount: 9231, exchangeRate: 1.08, feesIncluded: 30 }
 */
import { ApiError } from '../http/errors.js';

/** USD per unit of each currency the sandbox converts. */
export const USD_PER_UNIT: Readonly<Record<string, number>> = Object.freeze({ USD: 1, EUR: 1.08, MXN: 0.058 });

/** Fixed fee of a cross-currency quote, in the smallest unit of the sending currency. */
export const CROSS_CURRENCY_FEE = 30;

/** Rates carry six decimals; amounts are computed in integers from the rate in millionths. */
const MICROS = 1_000_000;

/** Sending units per receiving unit, or undefined when the sandbox has no rate for the pair. */
export function exchangeRate(from: string, to: string): number | undefined {
  if (from === to) return 1;
  const sending = USD_PER_UNIT[from];
  const receiving = USD_PER_UNIT[to];
  if (sending === undefined || receiving === undefined) return undefined;
  return Math.round((receiving / sending) * MICROS) / MICROS;
}

export interface Conversion {
  totalSendingAmount: number;
  totalReceivingAmount: number;
  exchangeRate: number;
  feesIncluded: number;
}

/**
 * The amounts of a quote from `from` to `to` locking `amount` on `side`. Throws 400 INVALID_CURRENCY for
 * a pair without a rate, and 400 INVALID_AMOUNT when the fee leaves nothing to convert.
 */
export function convert(options: {
  from: string;
  to: string;
  side: 'SENDING' | 'RECEIVING';
  amount: number;
}): Conversion {
  const { from, to, side, amount } = options;
  const rate = exchangeRate(from, to);
  if (rate === undefined)
    throw new ApiError(400, 'INVALID_CURRENCY', `The sandbox has no exchange rate from ${from} to ${to}`, {
      sendingCurrency: from,
      receivingCurrency: to,
      supportedCurrencies: Object.keys(USD_PER_UNIT),
    });
  if (from === to)
    return { totalSendingAmount: amount, totalReceivingAmount: amount, exchangeRate: 1, feesIncluded: 0 };
  const fee = CROSS_CURRENCY_FEE;
  const rateMicros = BigInt(Math.round(rate * MICROS));
  let sending: bigint;
  let receiving: bigint;
  if (side === 'SENDING') {
    sending = BigInt(amount);
    receiving = sending > BigInt(fee) ? ((sending - BigInt(fee)) * BigInt(MICROS)) / rateMicros : 0n;
  } else {
    receiving = BigInt(amount);
    sending = (receiving * rateMicros + BigInt(MICROS - 1)) / BigInt(MICROS) + BigInt(fee);
  }
  if (receiving <= 0n)
    throw new ApiError(400, 'INVALID_AMOUNT', `The amount does not cover the ${from} → ${to} fee of ${fee}`, {
      feesIncluded: fee,
    });
  return {
    totalSendingAmount: Number(sending),
    totalReceivingAmount: Number(receiving),
    exchangeRate: rate,
    feesIncluded: fee,
  };
}
