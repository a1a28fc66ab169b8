export * from './cipher.js';
export * from './constants.js';
export * from './encoding.js';
export * from './format.js';
export * from './imageGuard.js';
export * from './validate.js';
export * from './levels.js';
