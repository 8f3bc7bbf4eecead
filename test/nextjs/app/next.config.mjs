/** The fixture's Next.js configuration: strict mode, and this folder as the root (not a lock file above it). */
export default { reactStrictMode: true, images: { unoptimized: true }, turbopack: { root: import.meta.dirname } };
