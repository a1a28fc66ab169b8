import { noticeRepository } from './notice.repository.js';

/**
 * System notices as the operator command line writes them (a notice to one member). The service
 * (MessageService) pushes its own to the hall; a writer without a hall queues them for the server.
 */
export const notices = { insertMany: noticeRepository.insertMany, queuePush: noticeRepository.queuePush };
