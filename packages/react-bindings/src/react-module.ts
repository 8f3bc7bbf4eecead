/**
 * The React the bindings are built with: the `react` package's namespace, version 18 or 19. Every
 * component and hook is made by a factory that takes it, so one copy of the code serves the `react`
 * the package entry imports and any other copy a test or a micro-frontend hands in.
 *
 * @example
 *   import * as React from 'react';
 *   const components = createPaykitComponents(React satisfies ReactModule);
 */
export type ReactModule = typeof import('react');
