import { socialRepository } from './social.repository.js';

/**
 * Follow relations as other modules read them (a room page's "following the anchor"), on the
 * connection or transaction the caller passes; the SQL stays the social module's own.
 */
export const relations = { of: socialRepository.relations };
