/** Request headers of seed §7. */
export const Header = {
  constraint: 'Constraint',
  device: 'Device',
  authorization: 'Authorization',
  referer: 'Referer',
  noToken: 'noToken',
  encrypt: 'Requested-Encrypt',
} as const;

/** The fixed client marker sent in the Constraint header. */
export const CONSTRAINT_VALUE = 'liveapp-h5';
