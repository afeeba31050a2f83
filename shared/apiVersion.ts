/**
 * The payroll API version this code was written against. The vendor's Versioning help page asks clients
 * to send it as `X-Api-Version`; the app sends it on every request and the sandbox checks it.
 */
export const API_VERSION = '1.0'
