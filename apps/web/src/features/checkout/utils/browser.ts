/**
 * Leaving the shop for a gateway's page (3-D Secure challenge, PayPal, Bizum,
 * the hosted card page). An object so a component test can watch where the page
 * would go (jsdom does not navigate).
 */
export const browser = {
  leave(url: string): void {
    window.location.assign(url);
  },
};
