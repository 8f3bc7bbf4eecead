/**
 * The account-security elements each stay within 20 kB min+gzip alone (`define/<tag>` with Lit and the
 * core it imports, the page's WalletClient not counted) up front, and 25 kB with what they load later
 * (`<pay-auth-methods>` imports its code step when a code method is added), measured with the bench's bundler.
 */
import { expect } from 'chai';
import { bundleSize, KB } from '../../../bench/lib/bundle-size.mjs';
import { describe, it } from '@paykit/test-harness/suite';

const TAGS = ['pay-sessions', 'pay-auth-methods', 'pay-wallet-settings'];

describe('account-security element sizes', () => {
  for (const tag of TAGS) {
    it(`<${tag}> alone is at most 20 kB min+gzip up front, 25 kB in all`, async () => {
      const size = await bundleSize(`import '@paykit/elements/define/${tag}';`, { split: true });
      const inAll = size.gzip + (size.deferred?.gzip ?? 0);
      console.log(`${tag}: ${size.gzip} B min+gzip up front, ${inAll} B in all`);
      expect(size.gzip, 'up front').to.be.at.most(20 * KB);
      expect(inAll, 'in all').to.be.at.most(25 * KB);
    });
  }
});
