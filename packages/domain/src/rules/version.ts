/** Spec 9: the app version; the client compares it with GET version.json and reloads when it changed. */
export const APP_VERSION = '5.48.11';
