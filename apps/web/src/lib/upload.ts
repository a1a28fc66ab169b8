import type { Api, RouteData, RouteInput } from '@app/contract';
import { HTTP_TIMEOUT_MS } from '@app/kit';
import { t } from '../locale/i18n';
import { ApiError, ClientCode } from './apiError';
import { loadContract } from './contract';
import { getDeviceId } from './device';
import { apiHeaders, fail, settle } from './envelope';
import { routeOf } from './api';
import { sessionLink } from './sessionLink';

export type UploadedFile = RouteData<Api['uploadFile']>;

export interface UploadOptions {
  purpose?: RouteInput<Api['uploadFile']>['purpose'];
  /** 0..1 as the bytes go out. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  silent?: boolean;
}

/** Uploads one image to resource/upload/file (multipart field `file`). */
export async function uploadFile(file: Blob, opts: UploadOptions = {}): Promise<UploadedFile> {
  const form = new FormData();
  form.append('purpose', opts.purpose ?? 'image');
  form.append('file', file, file instanceof File ? file.name : 'upload.bin');
  return postForm('uploadFile', form, opts);
}

/** Uploads a gift's Lottie animation (operators; multipart field `file`). */
export async function uploadGiftAnimation(file: Blob, opts: Pick<UploadOptions, 'onProgress'> = {}): Promise<RouteData<Api['adminGiftAnimation']>> {
  const form = new FormData();
  form.append('file', file, file instanceof File ? file.name : 'animation.json');
  return postForm('adminGiftAnimation', form, opts);
}

/** Routes that take multipart/form-data. */
type FormRoute = 'uploadFile' | 'uploadVideo' | 'adminGiftAnimation';

/**
 * Posts a multipart form to a route and settles its envelope like `call()` (never encrypted, see
 * docs/conventions.md). XMLHttpRequest rather than fetch because only it reports upload progress.
 */
export async function postForm<N extends FormRoute>(
  name: N,
  form: FormData,
  opts: Pick<UploadOptions, 'onProgress' | 'signal' | 'silent'> = {},
): Promise<RouteData<Api[N]>> {
  const contract = await loadContract();
  const { url } = routeOf(name);
  const ctx = { silent: opts.silent === true };
  const session = sessionLink().read();
  const headers = apiHeaders(contract, {
    token: session.token,
    device: getDeviceId(),
    referer: session.referer,
    encrypt: false,
  });

  const answer = await new Promise<{ status: number; text: string; encrypted: boolean } | ApiError>((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.timeout = HTTP_TIMEOUT_MS;
    for (const [k, v] of Object.entries(headers)) {
      if (k !== 'Referer') xhr.setRequestHeader(k, v);
    }
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText, encrypted: xhr.getResponseHeader('Requested-Encrypt') === '1' });
    xhr.onerror = () => resolve(new ApiError(ClientCode.NETWORK, t('error.network'), 0));
    xhr.ontimeout = () => resolve(new ApiError(ClientCode.TIMEOUT, t('error.timeout'), 0));
    xhr.onabort = () => resolve(new ApiError(ClientCode.ABORTED, t('error.aborted'), 0));
    opts.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
  if (answer instanceof ApiError) return fail(answer, ctx);
  return settle(contract, answer.status, answer.text, answer.encrypted, ctx) as RouteData<Api[N]>;
}
