/** Changes whenever a path's results could change for the same plan and seed. */
export const ENGINE_VERSION = '1.1.0';
