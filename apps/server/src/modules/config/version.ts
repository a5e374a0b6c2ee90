/** Spec 9: the app version the client compares with GET version.json. */
export const APP_VERSION = '5.48.11';
