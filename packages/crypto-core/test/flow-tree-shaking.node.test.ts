/**
 * The point of the flow functions: a page bundles only the flows it imports. Bundled with esbuild as a
 * page's bundler would (ESM, minified, tree-shaken, from the package root), the sign-in client carries
 * none of the flow modules but `account` (its requestOtp and registerPasskey use listCredentials and
 * addCredential), and a flow imported alone does not drag in the client class.
 */
import { expect } from 'chai';
import path from 'node:path';
import { build } from 'esbuild';
import { describe, it } from '@paykit/test-harness/suite';

const src = path.join(import.meta.dirname, '..', 'src');
const FLOW_MODULES = ['wallet.ts', 'customer.ts', 'payments.ts', 'cards.ts', 'export.ts'];

/** The src modules (file names) that put bytes into a bundle of `names` imported from the root. */
async function bundledModules(names: string[]): Promise<string[]> {
  const result = await build({
    stdin: { contents: `export { ${names.join(', ')} } from './index.ts';`, resolveDir: src, loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const inputs = Object.values(result.metafile.outputs)[0]!.inputs;
  return Object.entries(inputs)
    .filter(([file, { bytesInOutput }]) => bytesInOutput > 0 && path.resolve(file).startsWith(src))
    .map(([file]) => path.relative(src, path.resolve(file)));
}

describe('flow functions tree-shake', () => {
  it('WalletClient + fetchTransport bundle no flow module but account, and no export crypto', async () => {
    const modules = await bundledModules(['WalletClient', 'fetchTransport']);
    expect(modules).to.include('client.ts');
    for (const flow of FLOW_MODULES) expect(modules, flow).to.not.include(flow);
  });

  it('a flow imported alone bundles its module, not the client class', async () => {
    for (const [name, module] of [
      ['revealCard', 'cards.ts'],
      ['exportWallet', 'wallet.ts'],
      ['authorizeQuote', 'payments.ts'],
      ['listSessions', 'account.ts'],
    ] as const) {
      const modules = await bundledModules([name]);
      expect(modules, name).to.include(module);
      expect(modules, name).to.not.include('client.ts');
    }
  });

  it('one flow of a module leaves out its neighbours (revealCard without payments, getQuote without wallet)', async () => {
    expect(await bundledModules(['revealCard'])).to.not.include.members(['payments.ts', 'wallet.ts']);
    const quote = await bundledModules(['getQuote']);
    expect(quote).to.not.include('wallet.ts');
    expect(quote).to.not.include('passkey.ts');
  });
});
