/**
 * The sandbox in a process of its own (so a load generator or a browser does not share its event loop):
 * starts on 127.0.0.1 with ephemeral ports, prints one `READY {json}` line with its base URL and
 * credential, and stops on SIGTERM/SIGINT or when its parent closes stdin.
 *
 * @example
 *   node --conditions=source --import tsx bench/load/sandbox-process.ts
 *   READY {"baseUrl":"http://127.0.0.1:40123/2025-10-13","authorization":"Basic …"}
 */
import { startSandbox } from '@paykit/sandbox';

const server = await startSandbox({ port: 0, panPort: 0, host: '127.0.0.1' });
let closing: Promise<void> | undefined;
const stop = (): Promise<void> => (closing ??= server.close().finally(() => process.exit(0)));
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
process.stdin.on('end', () => void stop());
process.stdin.on('close', () => void stop());
process.stdin.resume();
process.stdout.write(`READY ${JSON.stringify({ baseUrl: server.baseUrl, authorization: server.credentials.authorization })}\n`);
