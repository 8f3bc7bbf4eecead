/**
 * The fixture's Next.js configuration: strict mode, and this folder as the root (not a lock file above it).
 * No Turbopack build cache: test/nextjs/run.mjs removes `.next` before every build, so the cache Next 16
 * writes to `.next/cache` (28 MB) is never read. Without it the build's output is the same (the same
 * chunks, the same HTML but for the build id); `next build` took 23.1 and 21.9 s of CPU with the cache,
 * 18.4 and 18.1 s without (A/B back to back on the 2-core machine).
 */
export default {
  reactStrictMode: true,
  images: { unoptimized: true },
  experimental: { turbopackFileSystemCacheForBuild: false },
  turbopack: { root: import.meta.dirname },
};
