/**
 * Serves the built page (`vite build` output) as a Web-standard handler: `/` is index.html, `/gallery` is gallery.html, hashed
 * files under /assets are cached for good, anything outside the directory or unknown is 404.
 *
 * @example
 *   const files = staticFiles('/work/main/demo/dist');
 *   await files(new Request('http://localhost:5173/'));
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.map': 'application/json',
  '.woff2': 'font/woff2',
};

export function staticFiles(root: string): (request: Request) => Promise<Response> {
  const base = path.resolve(root);
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return new Response('Method Not Allowed', { status: 405, headers: { Allow: 'GET, HEAD' } });
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(request.url).pathname);
    } catch {
      return notFound();
    }
    if (pathname.includes('\0')) return notFound();
    // `/` is index.html; a page's path without its extension (`/gallery`) is that page
    const page = pathname === '/' ? '/index.html' : /^\/[a-z-]+$/.test(pathname) ? `${pathname}.html` : pathname;
    const file = path.resolve(base, `.${page}`);
    if (file !== base && !file.startsWith(base + path.sep)) return notFound();
    try {
      if (!(await stat(file)).isFile()) return notFound();
    } catch {
      return notFound();
    }
    const body = await readFile(file);
    const hashed = pathname.startsWith('/assets/');
    return new Response(request.method === 'HEAD' ? null : body, {
      status: 200,
      headers: {
        'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
        'Content-Length': String(body.byteLength),
        'Cache-Control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
      },
    });
  };
}

function notFound(): Response {
  return new Response('Not Found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}
