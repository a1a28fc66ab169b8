/**
 * What the server and browser suites share: waiting on a condition instead of a clock, and
 * fresh members that never collide across files or processes.
 */
export { eventually, EventuallyTimeout, type EventuallyOptions } from './eventually.js';
export { freshMobile } from './members.js';
export { once } from './once.js';
export { reportFileTimings, type FileTiming } from './fileTimings.js';
