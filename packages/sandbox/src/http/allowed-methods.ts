/**
 * 405 rather than 404 for a known path asked with a method it does not serve (the OpenAPI's 405
 * `METHOD_NOT_ALLOWED`, with `Allow`). The path's routes are matched as the OpenAPI matches templates:
 * the most literal segments win, so `/customers/internal-accounts` is judged by its own routes and not by
 * `/customers/{customerId}`'s.
 *
 * @example
 *   const allowed = allowedMethods(api.routes);
 *   allowed('/customers/Customer:1'); // 'GET, PATCH, DELETE'
 *   allowed('/nowhere'); // undefined: a 404
 */
const SERVED = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

interface Template {
  pattern: RegExp;
  literals: number;
  methods: Set<string>;
}

/** From Hono's route list (`{method, path}`, `:param` segments), the `Allow` value of a path, if known. */
export function allowedMethods(
  routes: readonly { method: string; path: string }[],
): (path: string) => string | undefined {
  const templates = new Map<string, Template>();
  for (const { method, path } of routes) {
    if (!SERVED.has(method) || !path.startsWith('/') || path.includes('*')) continue;
    const segments = path.split('/');
    const key = segments.map((s) => (s.startsWith(':') ? ':' : s)).join('/');
    let template = templates.get(key);
    if (!template) {
      const source = segments.map((s) => (s.startsWith(':') ? '[^/]+' : s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')));
      template = {
        pattern: new RegExp(`^${source.join('/')}/?$`),
        literals: segments.filter((s) => !s.startsWith(':')).length,
        methods: new Set(),
      };
      templates.set(key, template);
    }
    template.methods.add(method);
  }
  const ordered = [...templates.values()].sort((a, b) => b.literals - a.literals);
  return (path) => {
    const match = ordered.find((t) => t.pattern.test(path));
    if (!match) return undefined;
    const methods = [...match.methods];
    if (match.methods.has('GET')) methods.push('HEAD');
    return methods.join(', ');
  };
}
