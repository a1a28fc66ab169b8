import { noticeRepository } from './notice.repository.js';

/**
 * System notices as the operator command line writes them (a notice to one member). The service
 * (MessageService) also pushes them to the hall; this is for writers without a hall.
 */
export const notices = { insertMany: noticeRepository.insertMany };
