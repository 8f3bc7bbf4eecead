/**
 * Prints the compact country table of `src/shared/phone-numbers.ts` from libphonenumber's metadata, so the
 * table can be regenerated when numbering plans change. Reads the `metadata.mobile.json` of a
 * libphonenumber-js package you downloaded (it is not a dependency: `npm pack libphonenumber-js`):
 * for each region its calling code, the possible lengths of a mobile number (else of any number),
 * and its national (trunk) prefix. Ordered by calling code, the main region of a shared code first
 * (the one a pasted "+1…" or "+44…" picks). An entry is the ISO code in lower case, the calling code minus the
 * previous entry's (omitted when 0), the lengths as capital letters (A = 1), then the trunk prefix: nothing for
 * "0", "_" for none, else its digits. An entry whose data is all the previous one's is its ISO code alone.
 *
 * @example
 *   node packages/elements/scripts/phone-table.mjs /tmp/package/metadata.mobile.json
 */
import { readFileSync } from 'node:fs';

const path = process.argv[2];
if (!path) throw new Error('usage: phone-table.mjs <libphonenumber-js metadata.mobile.json>');
const metadata = JSON.parse(readFileSync(path, 'utf8'));
let table = '';
let previous = '';
let previousCode = 0;
for (const code of Object.keys(metadata.country_calling_codes).sort((a, b) => Number(a) - Number(b))) {
  for (const iso of metadata.country_calling_codes[code]) {
    if (!/^[A-Z]{2}$/.test(iso)) continue; // 001: non-geographic numbers
    const region = metadata.countries[iso];
    const lengths = (region[11]?.[1]?.[1] ?? region[3]).map((n) => String.fromCharCode(64 + n)).join('');
    const trunk = region[5] === '0' ? '' : region[5] || '_';
    const data = code + lengths + trunk;
    table += iso.toLowerCase() + (data === previous ? '' : (Number(code) - previousCode || '') + lengths + trunk);
    previous = data;
    previousCode = Number(code);
  }
}
process.stdout.write(table + '\n');
