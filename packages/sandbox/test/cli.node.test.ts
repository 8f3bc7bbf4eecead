import { expect } from 'chai';
import { describe, it } from '@paykit/test-harness/suite';
import { bannerLine, basic, runCli, runCliToExit } from '@paykit/test-harness/sandbox-cli';

describe('sandbox: the npm run sandbox command', () => {
  it('serves {base_url} = http://localhost:<port>/2025-10-13 and prints the URL, the PAN origin and both credentials', async () => {
    const { banner, stop } = await runCli(['--port', '0'], { viaNpm: true });
    try {
      const baseUrl = bannerLine(banner, 'base_url');
      expect(baseUrl).to.match(/^http:\/\/localhost:\d+\/2025-10-13$/);
      expect(bannerLine(banner, 'PAN origin')).to.match(/^http:\/\/localhost:\d+$/);
      expect(bannerLine(banner, 'token')).to.match(/^sandbox-token \/ sandbox-secret\s+\(TRANSACT \+ VIEW\)$/);
      expect(bannerLine(banner, 'view token')).to.match(/^sandbox-view-token \/ sandbox-view-secret\s+\(VIEW only\)$/);
      const signer = bannerLine(banner, 'enclave signer');
      const keys = await fetch(`${baseUrl}/sandbox/enclave-keys`, {
        headers: { Authorization: basic('sandbox-token', 'sandbox-secret') },
      });
      expect(keys.status).to.equal(200);
      expect(await keys.json()).to.deep.equal({ signers: [signer] });
      const denied = await fetch(`${baseUrl}/customers`, {
        headers: { Authorization: basic('sandbox-token', 'nope') },
      });
      expect(denied.status).to.equal(401);
      // a second sandbox on the same port says why it cannot start
      const taken = await runCliToExit(['--port', new URL(baseUrl).port, '--pan-port', '0']);
      expect(taken.code).to.equal(2);
      expect(taken.stderr).to.match(/^The sandbox could not start: .*EADDRINUSE/);
      expect(taken.stderr).to.not.match(/\n\s+at /);
    } finally {
      stop();
    }
  });
});
