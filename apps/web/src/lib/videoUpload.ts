import type { VideoResource } from '@app/contract';
import { call } from './api';
import { t } from '../locale/i18n';
import { ApiError, ClientCode, isApiError } from './apiError';
import { postForm } from './upload';

export interface VideoUploadOptions {
  /** 0..1 of the whole file. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** Tries per chunk on a network failure before giving up (each retry resumes where the server is). */
const CHUNK_TRIES = 3;

/**
 * Uploads a video in chunks: a ticket from resource/upload/sts, then each chunk to
 * resource/upload/video at the offset the server answered last, so a retried or duplicated
 * chunk costs nothing and the upload resumes where the server is. Resolves with the upload once
 * the server has checked the whole file (it is then transcoded in the background).
 */
export async function uploadVideoFile(file: File, opts: VideoUploadOptions = {}): Promise<VideoResource> {
  const ticket = await call('uploadSts', { size: file.size, name: file.name.slice(0, 200) });
  if (ticket.provider === 's3') return uploadDirect(file, ticket.url, ticket.upload_id, opts);
  let received = 0;
  let stalls = 0;
  for (;;) {
    const chunk = file.slice(received, Math.min(file.size, received + ticket.chunk_size));
    const form = new FormData();
    form.append('upload_id', ticket.upload_id);
    form.append('offset', String(received));
    form.append('file', chunk, file.name || 'video.mp4');
    let answer;
    try {
      answer = await postForm('uploadVideo', form, {
        signal: opts.signal,
        silent: true,
        onProgress: (f) => opts.onProgress?.((received + f * chunk.size) / file.size),
      });
    } catch (e) {
      // Network trouble: try the same offset again (the server acknowledges what it already has).
      if (isApiError(e) && e.status === 0 && !opts.signal?.aborted && ++stalls < CHUNK_TRIES) {
        await new Promise((r) => setTimeout(r, 1000 * stalls));
        continue;
      }
      throw e;
    }
    if (answer.resource) {
      opts.onProgress?.(1);
      return answer.resource;
    }
    stalls = answer.received > received ? 0 : stalls + 1;
    if (stalls >= CHUNK_TRIES) throw new Error('upload made no progress');
    received = answer.received;
    opts.onProgress?.(received / file.size);
  }
}

/**
 * S3 storage: one PUT of the whole file to the presigned URL, then the server fetches and checks it.
 * A PUT lost to the network is sent again (the same bytes to the same key); a refusal of the bucket is not.
 */
async function uploadDirect(file: File, url: string, uploadId: string, opts: VideoUploadOptions): Promise<VideoResource> {
  for (let tries = 1; ; tries++) {
    try {
      await putFile(file, url, opts);
      break;
    } catch (e) {
      if (!(isApiError(e) && e.code === ClientCode.NETWORK) || opts.signal?.aborted || tries >= CHUNK_TRIES) throw e;
      await new Promise((r) => setTimeout(r, 1000 * tries));
    }
  }
  const done = await call('uploadVideoDone', { upload_id: uploadId }, { silent: true });
  opts.onProgress?.(1);
  if (!done.resource) throw new ApiError(ClientCode.BAD_RESPONSE, t('error.network'), 200);
  return done.resource;
}

/** PUTs the file with XMLHttpRequest (only it reports upload progress). */
function putFile(file: File, url: string, opts: VideoUploadOptions): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.upload.onprogress = (e) => e.lengthComputable && opts.onProgress?.((e.loaded / e.total) * 0.99);
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new ApiError(ClientCode.BAD_RESPONSE, t('error.network'), xhr.status)));
    xhr.onerror = () => reject(new ApiError(ClientCode.NETWORK, t('error.network'), 0));
    xhr.onabort = () => reject(new ApiError(ClientCode.ABORTED, t('error.aborted'), 0));
    opts.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(file);
  });
}
