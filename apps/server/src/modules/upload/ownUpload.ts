import type { Conn } from '../../db/database.js';
import type { Storage } from '../../storage/storage.js';
import { uploadRepository } from './upload.repository.js';

/**
 * Whether a URL is a file this user uploaded to our storage: avatars, covers and chat images must
 * be, never an arbitrary URL to hotlink or someone else's file.
 */
export async function isOwnUpload(db: Conn, storage: Storage, userId: number, url: string): Promise<boolean> {
  const key = storage.keyOf(url);
  return key !== null && (await uploadRepository.byKeyOfUser(db, userId, key)) !== undefined;
}
