/**
 * Server rendering and hydration of a wrapped element. The wrapper renders its tag with a
 * `defer-hydration` attribute, on the server and in the browser; while the attribute is there, the
 * element adds nothing to its own light DOM (the code input, the passkey autofill field), so the HTML
 * the server sent and the element upgraded before React hydrates have the same children (no React
 * #418). `@lit/react` removes the attribute in a layout effect once the element is mounted or
 * hydrated, and the element then renders its light DOM. A render in the browser alone goes through
 * the same steps within one commit.
 *
 * @example
 *   const PayOtpLogin = deferHydration(React, createComponent({ react: React, tagName: 'pay-otp-login', … }));
 */
import type { ElementType } from 'react';
import type { ReactModule } from './react-module.js';

/** The attribute Lit's server rendering uses for the same purpose; the elements honour it. */
export const DEFER_HYDRATION = 'defer-hydration';

/** `component` rendering its element with `defer-hydration` (same props, ref and display name). */
export function deferHydration<C extends ElementType & { displayName?: string | undefined }>(
  react: ReactModule,
  component: C,
): C {
  const wrapped = react.forwardRef<unknown, Record<string, unknown>>((props, ref) =>
    react.createElement(component as ElementType, { ...props, ref, [DEFER_HYDRATION]: '' }),
  );
  wrapped.displayName = component.displayName;
  return wrapped as unknown as C;
}
