import { expect } from 'chai';
import { describe, it } from '@paykit/test-harness/suite';
import { deviceOf, timeAgo } from '../src/sessions/device-name.js';

describe('session device names', () => {
  it('reads the browser and system of common user agents', () => {
    const cases: [string, string | undefined, string | undefined][] = [
      [
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
        'Safari',
        'macOS',
      ],
      [
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.0.0',
        'Edge',
        'Windows',
      ],
      [
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0 Mobile/15E148 Safari/604.1',
        'Chrome',
        'iOS',
      ],
      ['Mozilla/5.0 (Android 14; Mobile; rv:125.0) Gecko/125.0 Firefox/125.0', 'Firefox', 'Android'],
      [
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/124.0 Safari/537.36',
        'Chrome',
        'Linux',
      ],
      [
        'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
        'Chrome',
        'ChromeOS',
      ],
      ['curl/8.5.0', undefined, undefined],
    ];
    for (const [ua, browser, os] of cases) expect(deviceOf(ua), ua).to.deep.equal({ browser, os });
  });

  it('says how long ago in the reader’s language', () => {
    const now = Date.UTC(2026, 3, 8, 12);
    expect(timeAgo('en', now - 10_000, now)).to.equal('1 minute ago');
    expect(timeAgo('en', now - 5 * 60_000, now)).to.equal('5 minutes ago');
    expect(timeAgo('en', now - 3 * 3_600_000, now)).to.equal('3 hours ago');
    expect(timeAgo('en', now - 86_400_000, now)).to.equal('yesterday');
    expect(timeAgo('fr', now - 3 * 86_400_000, now)).to.equal('il y a 3 jours');
    expect(timeAgo('not a locale!', now - 2 * 3_600_000, now)).to.equal('2 hours ago');
  });
});
