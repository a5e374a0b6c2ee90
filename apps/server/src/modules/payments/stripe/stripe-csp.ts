/**
 * What the storefront's CSP must allow for Stripe's Payment Element (Stripe's
 * security guide, "Content Security Policy"): Stripe.js from js.stripe.com,
 * its iframes (the card fields, 3-D Secure through hooks.stripe.com) and its
 * calls to api.stripe.com. Added to the app's CSP only when Stripe is
 * configured (http/security.ts); every other shop keeps 'self' only.
 */
export const STRIPE_CSP_SOURCES = {
  'script-src': ['https://js.stripe.com', 'https://*.js.stripe.com'],
  'frame-src': ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  'connect-src': ['https://api.stripe.com'],
} as const;
