let seq = 0;

/**
 * A mobile number no other test has used: 139, four digits of the process id and a counter, so
 * files running at once (or two suites on one database) never register the same member.
 */
export const freshMobile = (): string => `139${String(process.pid % 10_000).padStart(4, '0')}${String(++seq % 10_000).padStart(4, '0')}`;
