import { z } from 'zod';
import { defineRoute } from '../route.js';

export const uploadedFile = z.object({
  id: z.number().int(),
  url: z.string().describe('guarded: the first 100 bytes are altered (seed §7)'),
  mime: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  size: z.number().int(),
});
export type UploadedFile = z.infer<typeof uploadedFile>;

export const uploadRoutes = {
  uploadFile: defineRoute({
    method: 'POST',
    path: 'resource/upload/file',
    auth: 'member',
    tag: 'upload',
    summary: 'Upload one image (multipart field "file", ≤ 10 MB); checked by its bytes, resized, stored guarded',
    multipart: true,
    body: z.strictObject({ purpose: z.enum(['avatar', 'image', 'cover']).default('image') }),
    data: uploadedFile,
  }),
};
