/**
 * Turns bench/results.json into bench/results.md (and the shorter block README.md includes): the
 * summary of where Paykit is ahead or behind and why, then one table per measure. The "why" of each
 * row is a fixed account of what the two implementations do differently; whether that makes Paykit
 * ahead or behind is read from the numbers of this run.
 *
 * @example
 *   await writeFile('bench/results.md', renderMarkdown(results));
 */
import { compare, verdict } from './stats.mjs';

/** Within ±10% a timing counts as on par: run-to-run noise on a shared 2-core machine is of that order. */
const PAR = 0.1;

const ENGINE_NAMES = { chromium: 'Chromium', firefox: 'Firefox ESR', webkit: 'WebKitGTK' };

/** What each library does for each timed operation: the cause of the difference, whichever way it goes. */
const WHY = {
  sessionKey:
    "both call WebCrypto `generateKey` (non-extractable P-256) and put the CryptoKeyPair in IndexedDB; the peer's IndexedDbStamper opens and closes its database on every call, Paykit keeps one idb-keyval connection but also exports the public key as JWK and validates and compresses the point in JavaScript.",
  stamp:
    'both are one WebCrypto ECDSA `sign`, a raw→DER conversion and base64url of the same JSON: the same native work, so the same time.',
  otpSeal:
    "Paykit checks the enclave signature, does ECDH, HKDF and AES-GCM through WebCrypto (native code); the peer does the signature check, ECDH and HKDF in pure JavaScript (@noble/curves, @noble/hashes) and AES-GCM in @noble/ciphers. Sealing also makes one ephemeral ECDH key, which WebKitGTK's WebCrypto generates slowly (see export key generation), so there the gap closes.",
  exportKey:
    "Paykit makes a non-extractable WebCrypto ECDH key, so the private key never exists as bytes the page can read; the peer draws 32 random bytes and derives the public key with @noble/curves, keeping a hex private key in JavaScript memory. Where an engine's WebCrypto key generation is slow (WebKitGTK's WebCrypto is built on libgcrypt) the pure-JS path is faster: that is the price of a key the page cannot read.",
  exportOpen:
    'the same split as OTP sealing: signature check, ECDH, HKDF and AES-GCM are WebCrypto calls for Paykit and pure JavaScript for the peer, which also re-derives the public key from the private key.',
  otpLogin: 'a new session key, an OTP seal and a stamp: it follows the three rows above.',
};

const SIZE_WHY =
  "the peer's @turnkey/crypto re-exports its attestation-proof module, which imports @peculiar/x509, asn1js, reflect-metadata and tsyringe; its packages do not declare `sideEffects: false`, so a bundler keeps all of it even for named imports, and its curves, hashes and ciphers are JavaScript (@noble/*). Paykit calls WebCrypto, implements only the one HPKE suite the service uses, and owns its small P-256 point and DER code.";

/** `@noble/curves/esm/abstract/weierstrass.js` → `@noble/curves (weierstrass.js)`. */
function moduleName(file) {
  const parts = file.split('/');
  const pkg = parts[0].startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  return `${pkg} (${parts[parts.length - 1]})`;
}

export function kb(bytes) {
  return bytes === undefined ? '—' : `${(bytes / 1000).toFixed(1)} kB`;
}

export function ms(x) {
  if (x === undefined || Number.isNaN(x)) return '—';
  return x < 1 ? x.toFixed(3) : x < 10 ? x.toFixed(2) : x.toFixed(1);
}

const timeVerdict = (r) => verdict(r, { less: 'faster', more: 'slower', parBand: PAR });
const sizeVerdict = (r) => verdict(r, { less: 'smaller', more: 'larger' });
const okEngines = (results) => Object.entries(results.crypto?.engines ?? {}).filter(([, e]) => e.status === 'ok');

// ---- summary ----------------------------------------------------------------------------------------

function summary(results) {
  const ahead = [];
  const behind = [];
  const even = [];

  const sized = (results.sizes?.rows ?? []).filter((row) => row.ratio !== undefined);
  if (sized.length) {
    const list = sized
      .map((row) => `${row.label} ${kb(row.ours.gzip)} vs ${kb(row.peer.gzip)} (${sizeVerdict(row.ratio)})`)
      .join('; ');
    const heavy = sized.find((row) => row.id === 'core')?.peer?.heaviest ?? [];
    const line = `**Size**: ${list}. Why: ${SIZE_WHY}${heavy.length ? ` The peer core's heaviest modules here: ${heavy.map((h) => `${moduleName(h.module)} ${kb(h.bytes)}`).join(', ')} (minified).` : ''}`;
    (sized.every((row) => row.ratio < 1) ? ahead : sized.every((row) => row.ratio > 1) ? behind : even).push(line);
  }

  const engines = okEngines(results);
  if (engines.length) {
    const ids = engines[0][1].ops.map((op) => op.id);
    for (const id of ids) {
      const perEngine = engines.map(([name, e]) => ({ name, op: e.ops.find((o) => o.id === id) })).filter((x) => x.op);
      const label = perEngine[0].op.label.replace(/ \(.*\)$/, '');
      const words = perEngine
        .map(
          ({ name, op }) =>
            `${ENGINE_NAMES[name]} ${ms(op.ours.median)} vs ${ms(op.peer.median)} ms, ${timeVerdict(op.ratio)}`,
        )
        .join('; ');
      const line = `**${label}**: ${words}. Why: ${WHY[id] ?? ''}`;
      const faster = perEngine.filter(({ op }) => compare(op.ratio, PAR) < 0).length;
      const slower = perEngine.filter(({ op }) => compare(op.ratio, PAR) > 0).length;
      if (faster && !slower) ahead.push(line);
      else if (slower && !faster) behind.push(line);
      else if (!faster && !slower) even.push(line);
      else behind.push(`${line} (mixed: ahead in ${faster}, behind in ${slower} of ${perEngine.length} engines)`);
    }
  }

  const flows = results.requests?.flows;
  if (flows?.length) {
    const off = flows.filter((f) => !f.atMinimum);
    const line = `**Requests per flow**: ${flows.map((f) => `${f.label} ${f.count ?? '—'}/${f.minimum}`).join(', ')} (counted / protocol minimum). ${off.length ? `Above the minimum: ${off.map((f) => f.label).join(', ')}.` : 'Every flow is at the protocol minimum: one signed-retry engine, no lookups the caller can avoid, no polling unless the service answers PROCESSING.'} The peer has no equivalent flows against this service, so there is no ratio.`;
    (off.length ? behind : ahead).push(line);
  }

  const out = ['## Summary: where Paykit is ahead or behind, and why', ''];
  const section = (title, lines) => {
    if (!lines.length) return;
    out.push(`### ${title}`, '', ...lines.map((line) => `- ${line}`), '');
  };
  section('Ahead', ahead);
  section('Behind (or mixed)', behind);
  section('On par (within ±10%)', even);
  out.push(
    'Not compared, because the peer has no equivalent here: the five web components (their define → first render below), the React bindings, and the sandbox throughput (the peer service is hosted only).',
    '',
  );
  return out;
}

// ---- tables ----------------------------------------------------------------------------------------

/** The note on a row whose element fetches code later with `import()`. */
const DEFERRED_NOTE =
  'Counted: what the page loads up front (the entry chunk and the chunks it imports statically, esbuild code splitting, each gzipped). "+ … later": chunks the element fetches with `import()` only when needed (`<pay-payment>` loads `<pay-sca-challenge>` when a payment needs Strong Customer Authentication), not counted in the row or its budget';

/** The size table; `brief` (the README's block) leaves out the detail rows and the list of entries. */
function sizesTable(sizes, { brief = false } = {}) {
  if (!sizes?.rows) return [`Sizes did not run: ${sizes?.reason ?? 'skipped'}.`, ''];
  const rows = brief ? sizes.rows.filter((row) => !row.detail) : sizes.rows;
  const out = ['| What | Paykit | Peer equivalent | Paykit ÷ peer | Budget |', '|---|---:|---:|---:|---|'];
  const notes = [];
  const note = (text) => {
    if (!notes.includes(text)) notes.push(text);
    return '¹²³⁴⁵'[notes.indexOf(text)] ?? '*';
  };
  for (const row of rows) {
    const ours =
      row.ours.status === 'ok'
        ? `**${kb(row.ours.gzip)}**${row.ours.deferred ? ` (+ ${kb(row.ours.deferred.gzip)} later ${note(DEFERRED_NOTE)})` : ''}`
        : row.ours.status === 'pending'
          ? 'pending (package not buildable yet)'
          : `failed: ${row.ours.reason}`;
    const peer = row.peer
      ? row.peer.status === 'ok'
        ? `${kb(row.peer.gzip)}${row.peer.note ? ` (${row.peer.note})` : ''}`
        : `failed: ${row.peer.reason}`
      : `n/a ${note(row.noPeer)}`;
    const r = row.ratio !== undefined ? `${row.ratio.toFixed(3)} (${sizeVerdict(row.ratio)})` : '—';
    const budget = row.budget
      ? `≤ ${kb(row.budget)} ${row.withinBudget === undefined ? '' : row.withinBudget ? '✅ within' : '❌ over'}`
      : '';
    out.push(`| ${row.label.replace(/</g, '&lt;')} | ${ours} | ${peer} | ${r} | ${budget} |`);
  }
  out.push(
    '',
    ...notes.map((text, i) => `${'¹²³⁴⁵'[i] ?? '*'} ${text === DEFERRED_NOTE ? text : `No peer row: ${text}`}.  `),
  );
  if (sizes.run)
    out.push('', `Sizes measured ${sizes.run.date.replace('T', ' ').slice(0, 16)} UTC at ${sizes.run.commit ?? '?'}.`);
  if (brief) return out;
  out.push('', 'Entries (each bundled alone):', '');
  for (const row of rows) {
    out.push(
      `- ${row.label.replace(/</g, '&lt;')}: Paykit \`${row.ours.what}\`${row.peer ? `; peer \`${row.peer.what}\`` : ''}.`,
    );
  }
  out.push('');
  return out;
}

function cryptoTables(crypto) {
  if (!crypto?.engines) return [`Crypto timings did not run: ${crypto?.reason ?? 'skipped'}.`, ''];
  const out = [];
  for (const [name, e] of Object.entries(crypto.engines)) {
    out.push(`### ${e.version ?? ENGINE_NAMES[name]}`, '');
    if (e.status !== 'ok') {
      out.push(`Did not run: ${e.reason}.`, '');
      continue;
    }
    const batches = [...new Set(e.ops.map((op) => op.batch))];
    out.push(
      `Timer resolution ${e.timerResolutionMs.toFixed(3)} ms, cross-origin isolated: ${e.crossOriginIsolated ? 'yes' : 'no'}; ${batches.length === 1 && batches[0] === 1 ? 'one operation per sample' : `operations per sample: ${e.ops.map((op) => `${op.id} ${op.batch}`).join(', ')} (coarse clock)`}; ${e.ops[0]?.ours.n ?? 0} samples per side after ${crypto.warmup} warm-up. Outputs checked before timing: ${Object.values(e.checks ?? {}).filter(Boolean).length} of ${Object.keys(e.checks ?? {}).length} passed (stamps verify, sealed OTPs open with the target key, both exports yield the mnemonic).`,
      '',
      '| Operation | Paykit median [p10–p90] ms | Peer median [p10–p90] ms | Paykit ÷ peer |',
      '|---|---:|---:|---:|',
    );
    for (const op of e.ops) {
      const side = (s) => `**${ms(s.median)}** [${ms(s.p10)}–${ms(s.p90)}]<br>\`${s.fn}\``;
      out.push(
        `| ${op.label} | ${side(op.ours)} | ${side(op.peer)} | ${op.ratio?.toFixed(2) ?? '—'} (${timeVerdict(op.ratio)}) |`,
      );
    }
    out.push('');
  }
  return out;
}

/** One table for the README: operations × engines, medians side by side. */
function cryptoSummaryTable(crypto) {
  const engines = Object.entries(crypto?.engines ?? {}).filter(([, e]) => e.status === 'ok');
  if (engines.length === 0) return [`Crypto timings did not run: ${crypto?.reason ?? 'skipped'}.`];
  const out = [
    `| Median ms, Paykit vs peer (ratio) | ${engines.map(([name]) => ENGINE_NAMES[name] ?? name).join(' | ')} |`,
    `|---|${engines.map(() => '---:').join('|')}|`,
  ];
  for (const op of engines[0][1].ops) {
    const cells = engines.map(([, e]) => {
      const same = e.ops.find((o) => o.id === op.id);
      return same ? `**${ms(same.ours.median)}** vs ${ms(same.peer.median)} (${same.ratio?.toFixed(2) ?? '—'})` : '—';
    });
    out.push(`| ${op.label} | ${cells.join(' | ')} |`);
  }
  return out;
}

function requestsTable(requests) {
  if (!requests?.flows) return [`Request counting did not run: ${requests?.reason ?? 'skipped'}.`, ''];
  const out = [
    '| Flow | Requests | Protocol minimum | At minimum? | Requests made | Counted in |',
    '|---|---:|---:|---|---|---|',
  ];
  for (const flow of requests.flows) {
    const made = flow.requests.length ? flow.requests.map((r) => `\`${r}\``).join('<br>') : (flow.error ?? '—');
    out.push(
      `| ${flow.label} | **${flow.count ?? '—'}** | ${flow.minimum} | ${flow.atMinimum ? '✅ yes' : '❌ no'} | ${made} | ${flow.where ?? ''} |`,
    );
  }
  out.push('', `Minimums: ${requests.flows.map((f) => `${f.label.toLowerCase()}: ${f.why}`).join('; ')}.`, '');
  return out;
}

/** The signed-retry load section: the floor, the sandbox, the grown sandbox; totals, then the rate per 5 s slice. */
function throughputTable(t) {
  if (!t?.phases?.length) return [`Throughput did not run: ${t?.reason ?? 'skipped'}.`, ''];
  const label = {
    floor: 'Floor (bare node:http)',
    sandbox: 'Sandbox, 10 customers',
    grown: 'Sandbox, 100,000 customers + 300,000 challenges',
  };
  const usPerRequest = (p) =>
    p.cpuBusyPercent?.server && p.requestsPerSecond
      ? Math.round(((p.cpuBusyPercent.server / 100) * 1e6) / p.requestsPerSecond)
      : undefined;
  const seconds = t.durationMs / 1000;
  const out = [
    `${t.concurrency} concurrent clients, ${t.warmupMs / 1000} s warm-up then ${seconds} s measured per server, the servers one after the other${t.run ? ` (run ${t.run.date.replace('T', ' ').slice(0, 16)} UTC${t.run.commit ? ` at ${t.run.commit}` : ''})` : ''}. Each server runs in its own process; the load generator (keep-alive \`node:http\` clients) in another. The floor does the least a signed-retry leg 2 needs per request: parse the JSON body, import the signer's P-256 JWK, verify one ECDSA signature. On the sandbox one operation is a whole signed retry: leg 1 → 202 \`payloadToSign\`, stamp, byte-identical leg 2 → 200 (\`PATCH /internal-accounts/{id}\`). 127.0.0.1 only; bounded to ${t.limits.maxRequestsPerPhase} requests and ${t.limits.hardStopMs / 1000} s per server.`,
    '',
    '| Server | HTTP requests/s | Operations/s | Server CPU per request | p50 / p90 / max ms (one operation) | Errors | CPU: server / generator / others | 1-min load avg | Server RSS |',
    '|---|---:|---:|---:|---:|---:|---|---|---:|',
  ];
  for (const p of t.phases) {
    out.push(
      `| ${label[p.name] ?? p.name} | **${p.requestsPerSecond}** | ${p.operationsPerSecond} | ${usPerRequest(p) ?? '—'} µs | ${ms(p.latencyMs.median)} / ${ms(p.latencyMs.p90)} / ${ms(p.latencyMs.max)} | ${p.errors} | ${cpu(p.cpuBusyPercent?.server)} / ${cpu(p.cpuBusyPercent?.loadGenerator)} / ${cpu(p.cpuBusyPercent?.otherProcesses)} | ${p.loadAverage.start} → ${p.loadAverage.end} | ${p.serverRssMiB ?? '—'} MiB |`,
    );
  }
  const r = t.ratio ?? {};
  const floor = t.phases.find((p) => p.name === 'floor');
  const cpuRatio = (name) => {
    const a = usPerRequest(t.phases.find((p) => p.name === name) ?? {});
    const b = floor && usPerRequest(floor);
    return a && b ? (b / a).toFixed(2) : undefined;
  };
  const retryRatio = (name) => {
    const ops = t.phases.find((p) => p.name === name)?.operationsPerSecond;
    return ops && floor?.requestsPerSecond ? (ops / floor.requestsPerSecond).toFixed(2) : undefined;
  };
  out.push(
    '',
    `**Sandbox ÷ floor, HTTP requests/s: ${r.sandboxToFloor ?? '—'}** with 10 customers, **${r.grownToFloor ?? '—'}** with 100,000 customers and 300,000 stored challenges (grown ÷ 10 customers: ${r.grownToSandbox ?? '—'}); the goal is ≥ 0.5. By server CPU per request, which other work on the machine disturbs less: ${cpuRatio('sandbox') ?? '—'} and ${cpuRatio('grown') ?? '—'}. Counted strictly, whole signed retries/s (two requests, one of which verifies) ÷ the floor's verified requests/s: ${retryRatio('sandbox') ?? '—'} and ${retryRatio('grown') ?? '—'}. The sandbox can pass the floor per request because it imports a session key once and reuses it, where the floor imports the JWK on every request, and because a leg 1 verifies nothing.`,
    '',
    `HTTP requests/s in each ${t.sliceMs / 1000} s slice of the ${seconds} s:`,
    '',
    `| Server | ${t.phases[0].requestsPerSecondBySlice.map((_, i) => `${(i * t.sliceMs) / 1000}–${((i + 1) * t.sliceMs) / 1000} s`).join(' | ')} |`,
    `|---|${t.phases[0].requestsPerSecondBySlice.map(() => '---:').join('|')}|`,
    ...t.phases.map((p) => `| ${label[p.name] ?? p.name} | ${p.requestsPerSecondBySlice.join(' | ')} |`),
    '',
    throughputReading(t.phases),
    '',
  );
  return out;
}

/** One sentence for the README: the sandbox's signed-retry rate as a share of the floor's, small and grown. */
function throughputLine(t) {
  const rate = (name) => t?.phases?.find((p) => p.name === name)?.requestsPerSecond;
  if (!t?.ratio?.sandboxToFloor) return [];
  return [
    `Sandbox under ${t.durationMs / 1000} s of signed retries: **${t.ratio.sandboxToFloor} of a bare \`node:http\` floor** in requests/s (${rate('sandbox')} vs ${rate('floor')}; ${(t.phases.find((p) => p.name === 'sandbox')?.operationsPerSecond / rate('floor')).toFixed(2)} counting whole signed retries), and ${t.ratio.grownToFloor ?? '—'} with 100,000 customers and 300,000 stored challenges; ${t.errors} errors.`,
    '',
  ];
}

const cpu = (percent) => (percent === undefined ? '—' : `${percent}%`);

function throughputReading(phases) {
  const busiest = Math.max(...phases.map((p) => p.cpuBusyPercent?.otherProcesses ?? 0));
  const load = Math.max(...phases.map((p) => Math.max(p.loadAverage.start, p.loadAverage.end)));
  const cores = phases[0]?.cpuBusyPercent?.cores;
  if (busiest >= 30 || (cores && load > cores)) {
    return `Other processes on this ${cores}-core machine took up to ${busiest}% of a core meanwhile (1-min load average up to ${load}), so no server had a core of its own: absolute rates understate each server's ceiling, and the ratios are the figures to read.`;
  }
  return 'The machine was otherwise quiet: each server had about a core of its own.';
}

const PROXY_LABEL = {
  floor: 'Floor: bare pass-through (`node:http` server and keep-alive client, as the proxy forwards; no checks)',
  memory: '`@paykit/proxy`, in-memory store',
  redis: '`@paykit/proxy`, Redis store',
};
/** The issue's goals for the proxy with its in-memory store. */
export const PROXY_GOALS = { throughputRatio: 0.7, addedP50Ms: 1 };

/** The proxy row: each server's forwarded requests/s beside the floor's, and the latency it adds. */
function proxyTable(p) {
  if (!p?.servers?.length) return [`The proxy row did not run: ${p?.reason ?? 'skipped'}.`, ''];
  const floor = p.servers.find((s) => s.name === 'floor');
  const out = [
    `${p.operation}. ${p.concurrency} concurrent keep-alive clients; the servers take ${p.roundMs / 1000} s turns, in a rotated order, for ${p.rounds} rounds${p.run ? ` (run ${p.run.date.replace('T', ' ').slice(0, 16)} UTC${p.run.commit ? ` at ${p.run.commit}` : ''})` : ''}. Latency: after each turn, ${p.latencySamplesPerRound} sequential requests from one client (no queueing); added latency is the proxy's percentile minus the floor's. Each server, the stand-in service and Redis run in processes of their own, the load generator in another; 127.0.0.1 only. The proxy checks the origin, the grant's HMAC and its single-use marker in the store (one Redis \`EXISTS\`), the allowlist and the body, then forwards.`,
    '',
    '| Server | Requests/s | ÷ floor | By round | Server CPU per request | p50 / p99 ms (sequential) | Added p50 / p99 ms | Errors |',
    '|---|---:|---:|---|---:|---:|---:|---:|',
  ];
  for (const s of p.servers) {
    const added = p.addedLatencyMs?.[s.name];
    out.push(
      `| ${PROXY_LABEL[s.name] ?? s.name} | **${s.requestsPerSecond}** | ${s.name === 'floor' ? '1' : (p.ratio?.[`${s.name}ToFloor`] ?? '—')} | ${s.requestsPerSecondByRound.join(' / ')} | ${s.serverCpuMicrosecondsPerRequest ?? '—'} µs | ${ms(s.latencyMs.median)} / ${ms(s.latencyMs.p99)} | ${added ? `${ms(added.p50)} / ${ms(added.p99)}` : '—'} | ${s.errors} |`,
    );
  }
  const memory = p.addedLatencyMs?.memory;
  const met = (ok) => (ok ? 'met' : '**not met**');
  const cpuRatio = (name) => {
    const proxy = p.servers.find((s) => s.name === name)?.serverCpuMicrosecondsPerRequest;
    return proxy && floor?.serverCpuMicrosecondsPerRequest
      ? (floor.serverCpuMicrosecondsPerRequest / proxy).toFixed(2)
      : '—';
  };
  out.push(
    '',
    `Goals, in-memory store: ≥ ${PROXY_GOALS.throughputRatio} of the floor's requests/s: **${p.ratio?.memoryToFloor ?? '—'}**, ${met(p.ratio?.memoryToFloor >= PROXY_GOALS.throughputRatio)}; ≤ ${PROXY_GOALS.addedP50Ms} ms added p50: **${memory ? ms(memory.p50) : '—'} ms**, ${met(memory && memory.p50 <= PROXY_GOALS.addedP50Ms)}. Redis store: ${p.ratio?.redisToFloor ?? '—'} of the floor, ${p.addedLatencyMs?.redis ? ms(p.addedLatencyMs.redis.p50) : '—'} ms added p50${p.redisSkipped ? ` (not measured: ${p.redisSkipped})` : ''}. By server CPU per request (floor ÷ proxy), which other work on the machine disturbs less: ${cpuRatio('memory')} with the in-memory store, ${cpuRatio('redis')} with Redis. 1-min load average ${p.loadAverage.start} → ${p.loadAverage.end}${floor && p.loadAverage.start > 2 ? ': the machine was busy, so the absolute rates are low and the ratios are the figures to read' : ''}.`,
    '',
  );
  return out;
}

/** One sentence for the proxy README: the ratios and the added latency of the last proxy row. */
export function proxyLine(p) {
  if (!p?.servers?.length) return 'Not measured yet: `node bench/run.mjs --only=proxy --into-results`.';
  const rate = (name) => p.servers.find((s) => s.name === name)?.requestsPerSecond;
  const added = (name) => p.addedLatencyMs?.[name];
  const redis = added('redis')
    ? `; with the Redis store ${p.ratio.redisToFloor} and ${ms(added('redis').p50)} / ${ms(added('redis').p99)} ms`
    : '';
  return `Forwarding a granted sign-in challenge on loopback (\`bench/results.md\`, "The proxy", run ${p.run?.date.slice(0, 10) ?? '—'}): with the in-memory store, **${p.ratio.memoryToFloor} of a bare pass-through's requests/s** (${rate('memory')} vs ${rate('floor')}) and ${ms(added('memory').p50)} ms added at p50, ${ms(added('memory').p99)} ms at p99${redis}. The goals are ≥ ${PROXY_GOALS.throughputRatio} and ≤ ${PROXY_GOALS.addedP50Ms} ms p50; the machine it ran on is shared, 1-min load average ${p.loadAverage.start} → ${p.loadAverage.end}.`;
}

function elementsTable(elements) {
  if (!elements?.components) return [`Element timings did not run: ${elements?.reason ?? 'skipped'}.`, ''];
  const out = [
    `${elements.engine}; a fresh document per run, ${elements.runs} runs after ${elements.warmup} warm-up, the five elements interleaved. Clock from \`import()\` of the element's own define bundle (served from loopback, \`no-store\`) to its first interactive control in the DOM after \`updateComplete\`.`,
    '',
    '| Element | Define → interactive, median [p10–p90] ms | of which import + define | of which render | Bundle (min+gzip) | First control |',
    '|---|---:|---:|---:|---:|---|',
  ];
  for (const c of elements.components) {
    out.push(
      `| \`<${c.tag}>\` | **${ms(c.total.median)}** [${ms(c.total.p10)}–${ms(c.total.p90)}] | ${ms(c.importAndDefine.median)} | ${ms(c.render.median)} | ${kb(c.bundleGzip)} | \`${(c.firstControl ?? '').replace(/\s+/g, ' ').replace(/\|/g, '\\|').slice(0, 60)}…\` |`,
    );
  }
  out.push('');
  return out;
}

function header(results) {
  const m = results.meta;
  const engines = Object.values(results.crypto?.engines ?? {})
    .map((e) => e.version)
    .filter(Boolean);
  return [
    `Run ${m.date.replace('T', ' ').slice(0, 16)} UTC${m.commit ? ` at ${m.commit}` : ''}${m.partial ? ' (**partial run**: not the published numbers)' : ''}; ${m.machine.platform}, ${m.machine.cpus} × ${m.machine.cpuModel}, ${m.machine.memoryGiB} GiB, load average at start ${m.machine.loadAverageAtStart.join(' / ')}${
      m.machine.loadAverageBySection
        ? ` (1-min load by section: ${Object.entries(m.machine.loadAverageBySection)
            .map(([k, v]) => `${k} ${v.start}→${v.end ?? '?'}`)
            .join(', ')})`
        : ''
    }; Node ${m.node}, esbuild ${m.esbuild}${engines.length ? `; ${engines.join(', ')}` : ''}. Whole run ${Math.floor(m.durationSeconds / 60)} min ${m.durationSeconds % 60} s.`,
    '',
    `Paykit: @paykit/crypto-core ${m.paykit['@paykit/crypto-core']}, @paykit/elements ${m.paykit['@paykit/elements']} (Lit ${m.paykit.lit}), from this checkout. Peer: ${Object.entries(
      m.peer,
    )
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}.`,
    '',
    'Ratios are Paykit ÷ peer: below 1 means Paykit is smaller or faster; timings within ±10% are called on par. Timings are medians of interleaved runs on a shared 2-core machine: compare ratios more than absolute milliseconds. Regenerate with `npm run bench`; method and caveats in [bench/README.md](README.md).',
    '',
  ];
}

/** What made the results files, as their first line (results.md) and first key (results.json). */
export const GENERATED_BY =
  'Generated by bench/run.mjs: do not edit. Regenerate: npm run bench (results.md alone: node bench/run.mjs --report-only)';

/** bench/results.json's text: the results with `$comment` (JSON has no comments) saying what made them, first. */
export function resultsJson(results) {
  return `${JSON.stringify({ $comment: GENERATED_BY, ...results }, null, 2)}\n`;
}

export function renderMarkdown(results) {
  const lines = [`<!-- ${GENERATED_BY} -->`, '', '# Paykit beside the peer toolkit', '', ...header(results)];
  if (results.problems?.length)
    lines.push('**Problems in this run:**', '', ...results.problems.map((p) => `- ${p}`), '');
  lines.push(...summary(results));
  lines.push(
    '## 1. Bundle size (esbuild, browser ESM, minified, gzip -9; 1 kB = 1000 B)',
    '',
    ...sizesTable(results.sizes),
  );
  lines.push(
    `## 2. Client-side crypto time (same page, same inputs, interleaved runs)`,
    '',
    ...cryptoTables(results.crypto),
  );
  lines.push(
    '## 3. Requests per flow (counted at the WalletClient’s transport)',
    '',
    ...requestsTable(results.requests),
  );
  lines.push(
    '## 4. Sandbox throughput: signed retries on loopback, beside a bare floor server',
    '',
    ...throughputTable(results.throughput),
  );
  lines.push('## 5. Define → first interactive render', '', ...elementsTable(results.elements));
  lines.push('## 6. The proxy: forwarded requests beside a bare pass-through', '', ...proxyTable(results.proxy));
  return `${lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}

/** The README's block: the summary and the size and request tables, with a link to the rest. */
export function renderReadmeBlock(results) {
  const demote = (lines) => lines.map((line) => (line.startsWith('#') ? `#${line}` : line));
  const lines = [
    ...header(results).slice(0, 2),
    ...demote(summary(results)),
    '#### Bundle size (min+gzip)',
    '',
    ...sizesTable(results.sizes, { brief: true }),
    '',
    '#### Client-side crypto time',
    '',
    ...cryptoSummaryTable(results.crypto),
    '',
    '#### Requests per flow',
    '',
    ...requestsTable(results.requests).slice(0, (results.requests?.flows?.length ?? 0) + 2),
    '',
    ...throughputLine(results.throughput),
    'Crypto timings in three engines, element render times and sandbox throughput: [bench/results.md](bench/results.md).',
  ];
  return lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
