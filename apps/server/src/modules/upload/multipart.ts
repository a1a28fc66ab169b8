import type { FastifyRequest } from 'fastify';
import { validationError } from '../../http/errors.js';

/** Reads the one `file` part and the text fields of a multipart request; `what` names the file in errors (图片, 视频分片). */
export async function readMultipart(req: FastifyRequest, what: string): Promise<{ file: Buffer | undefined; fields: Record<string, string> }> {
  if (!req.isMultipart()) throw validationError([{ path: 'file', message: '请用 multipart/form-data 上传' }]);
  let file: Buffer | undefined;
  const fields: Record<string, string> = {};
  for await (const part of req.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw validationError([{ path: part.fieldname, message: `不支持的字段（${what}请放在 file 字段）` }]);
      }
      file = await part.toBuffer();
    } else {
      fields[part.fieldname] = String(part.value);
    }
  }
  return { file, fields };
}
