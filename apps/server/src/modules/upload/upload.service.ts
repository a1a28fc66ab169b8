import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { api, ErrorCode, type UploadedFile } from '@app/contract';
import { guardBytes, looksLikeImage } from '@app/kit';
import { nowIso } from '../../db/time.js';
import type { Deps } from '../../deps.js';
import { BizError, validationError } from '../../http/errors.js';
import { parseInput } from '../../http/parseInput.js';
import type { Auth } from '../auth/session.service.js';
import { toWebp, type Purpose } from './imagePipeline.js';
import { readMultipart } from './multipart.js';
import { uploadRepository } from './upload.repository.js';

// The contract always declares the text fields of the upload; `body` is optional only in RouteDef.
const uploadFields = api.uploadFile.body!;
const BAD_FILE = 'file: 只支持 JPEG、PNG、GIF、WebP 图片';

/** Image uploads: checked by their bytes, re-encoded, stored guarded (the first 100 bytes altered). */
export class UploadService {
  constructor(private readonly deps: Deps) {}

  async uploadImage(auth: Auth, req: FastifyRequest): Promise<UploadedFile> {
    const { file, fields } = await readMultipart(req, '图片');
    const fieldsIn = parseInput(uploadFields, fields);
    if (!file || file.length === 0) throw validationError([{ path: 'file', message: '请选择要上传的图片' }]);
    // The bytes decide, never the file name or the client's Content-Type.
    if (!looksLikeImage(file)) throw new BizError(ErrorCode.UPLOAD_BAD_FILE, BAD_FILE);

    const purpose: Purpose = fieldsIn.purpose;
    let out: Awaited<ReturnType<typeof toWebp>>;
    try {
      out = await toWebp(file, purpose);
    } catch (err) {
      req.log.info({ err }, 'image refused by the decoder');
      throw new BizError(ErrorCode.UPLOAD_BAD_FILE, 'file: 图片已损坏或无法识别');
    }

    const now = nowIso();
    const key = `${purpose}/${now.slice(0, 4)}/${now.slice(5, 7)}/${randomUUID()}.webp`;
    const { storage } = this.deps;
    await storage.put(key, guardBytes(out.data), 'image/webp');
    try {
      const row = await uploadRepository.insert(this.deps.db.kysely, {
        user_id: auth.user.id,
        key,
        purpose,
        mime: 'image/webp',
        width: out.width,
        height: out.height,
        size: out.data.length,
        created_at: now,
      });
      return { id: row.id, url: storage.url(key), mime: row.mime, width: row.width, height: row.height, size: row.size };
    } catch (err) {
      await storage.delete(key);
      throw err;
    }
  }
}
