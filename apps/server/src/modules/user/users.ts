import { userRepository } from './user.repository.js';

const { byId, byMobile, byLogin, guestByDevice, nicknameTaken, inviteCodeExists, insert, update, memberIds } = userRepository;

/**
 * The users table as other modules use it (sign-up and login, lookups, a member's flags), each call
 * on the connection or transaction the caller passes. Other modules call this, never the repository:
 * what they may do with users is listed here, and the SQL stays the user module's own.
 */
export const users = { byId, byMobile, byLogin, guestByDevice, nicknameTaken, inviteCodeExists, insert, update, memberIds };
