/**
 * The account-security elements each stay within 20 kB min+gzip alone (`define/<tag>` with Lit and the
 * core it imports, the page's WalletClient not counted), measured with the bench's bundler and options.
 */
import { expect } from 'chai';
import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
import { BUNDLE_OPTIONS, KB, REPO_ROOT } from '../../../bench/lib/bundle-size.mjs';
import { describe, it } from '@paykit/test-harness/suite';

async function gzipSize(contents: string): Promise<number> {
  const result = await build({
    ...BUNDLE_OPTIONS,
    stdin: { contents, resolveDir: REPO_ROOT, sourcefile: 'entry.js', loader: 'js' },
  });
  return gzipSync(result.outputFiles![0]!.contents, { level: 9 }).length;
}

const TAGS = ['pay-sessions', 'pay-auth-methods', 'pay-wallet-settings'];

describe('account-security element sizes', () => {
  for (const tag of TAGS) {
    it(`<${tag}> alone is at most 20 kB min+gzip`, async () => {
      const gzip = await gzipSize(`import '@paykit/elements/define/${tag}';`);
      console.log(`${tag}: ${gzip} B min+gzip`);
      expect(gzip).to.be.at.most(20 * KB);
    });
  }
});
