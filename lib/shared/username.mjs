// @ts-check
// A username, of a person or a service account: what `npm run users` and /api/service-accounts accept.
export const USERNAME_PATTERN = /^[\p{L}\p{N}._@-]{1,64}$/u;
