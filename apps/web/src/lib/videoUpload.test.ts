import { beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from './api';
import { ApiError, ClientCode } from './apiError';
import { postForm } from './upload';
import { uploadVideoFile } from './videoUpload';

vi.mock('./api', () => ({ call: vi.fn() }));
vi.mock('./upload', () => ({ postForm: vi.fn() }));

const callMock = vi.mocked(call);
const postMock = vi.mocked(postForm);
const resource = { id: 7, status: 'uploaded', duration: 3, width: 10, height: 10, size: 10, poster: '', error: '', video: null, created_at: '' } as const;

/** The server side of the chunk protocol: appends a chunk only at the offset it has, answers that offset. */
function fakeServer(total: number, opts: { dropFirstAnswer?: boolean; failTimes?: number } = {}) {
  let received = 0;
  let fails = opts.failTimes ?? 0;
  let dropped = !opts.dropFirstAnswer;
  const offsets: number[] = [];
  postMock.mockImplementation(async (_name, form) => {
    const offset = Number(form.get('offset'));
    const chunk = form.get('file') as Blob;
    offsets.push(offset);
    if (fails > 0) {
      fails--;
      throw new ApiError(ClientCode.NETWORK, 'network', 0);
    }
    if (offset === received) received += chunk.size;
    if (!dropped) {
      dropped = true; // the chunk arrived but its answer was lost: the client sends it again
      throw new ApiError(ClientCode.NETWORK, 'network', 0);
    }
    return { upload_id: 'u', received, total, resource: received === total ? resource : null } as never;
  });
  return { offsets, received: () => received };
}

/** The server with S3 storage: an s3 ticket (a presigned URL for the whole file), then the completion. */
function s3Server() {
  callMock.mockReset();
  callMock.mockImplementation((async (name: string) =>
    name === 'uploadSts'
      ? { provider: 's3', upload_id: 'u', url: 'https://bucket.example/incoming/u?sig', chunk_size: 10, max_size: 100, max_duration_s: 60, expires_at: '' }
      : { upload_id: 'u', received: 10, total: 10, resource }) as never);
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  callMock.mockReset();
  postMock.mockReset();
  callMock.mockResolvedValue({ provider: 'local', upload_id: 'u', url: '/x', chunk_size: 4, max_size: 100, max_duration_s: 60, expires_at: '' } as never);
});

describe('uploadVideoFile', () => {
  it('sends the file in chunks at the offsets the server answers, reporting progress, and resolves with the upload', async () => {
    const server = fakeServer(10);
    const progress: number[] = [];
    const r = await uploadVideoFile(new File(['0123456789'], 'a.mp4'), { onProgress: (f) => progress.push(f) });
    expect(r.id).toBe(7);
    expect(server.offsets).toEqual([0, 4, 8]);
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(callMock).toHaveBeenCalledWith('uploadSts', { size: 10, name: 'a.mp4' });
  });

  it('resends a chunk whose answer was lost; the server acknowledges it without taking it twice', async () => {
    const server = fakeServer(10, { dropFirstAnswer: true });
    await uploadVideoFile(new File(['0123456789'], 'a.mp4'));
    expect(server.offsets).toEqual([0, 0, 4, 8]);
    expect(server.received()).toBe(10);
  });

  it('gives up after repeated network failures on one chunk', async () => {
    fakeServer(10, { failTimes: 5 });
    await expect(uploadVideoFile(new File(['0123456789'], 'a.mp4'))).rejects.toBeInstanceOf(ApiError);
    expect(postMock).toHaveBeenCalledTimes(3);
  });

  it('with S3 storage, PUTs the whole file to the presigned URL and completes the upload', async () => {
    s3Server();
    const sent: { method: string; url: string; body: unknown }[] = [];
    class FakeXhr {
      upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
      status = 0;
      onload?: () => void;
      private method = '';
      private url = '';
      open(method: string, url: string) {
        this.method = method;
        this.url = url;
      }
      send(body: unknown) {
        sent.push({ method: this.method, url: this.url, body });
        this.upload.onprogress?.({ lengthComputable: true, loaded: 10, total: 10 });
        this.status = 200;
        setTimeout(() => this.onload?.(), 0);
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const file = new File(['0123456789'], 'a.mp4');
    const r = await uploadVideoFile(file);
    vi.unstubAllGlobals();
    expect(r.id).toBe(7);
    expect(sent).toEqual([{ method: 'PUT', url: 'https://bucket.example/incoming/u?sig', body: file }]);
    expect(callMock).toHaveBeenLastCalledWith('uploadVideoDone', { upload_id: 'u' }, { silent: true });
    expect(postMock).not.toHaveBeenCalled();
  });

  it('with S3 storage, sends a PUT lost to the network again, but not one the bucket refused', async () => {
    s3Server();
    /** The bucket's answers, in order: 0 = the connection dropped. */
    let answers: number[] = [];
    let puts = 0;
    class FlakyXhr {
      upload = {};
      status = 0;
      onload?: () => void;
      onerror?: () => void;
      open() {}
      send() {
        puts++;
        this.status = answers.shift() ?? 200;
        setTimeout(() => (this.status === 0 ? this.onerror?.() : this.onload?.()), 0);
      }
    }
    vi.stubGlobal('XMLHttpRequest', FlakyXhr);
    /** Runs the upload with the retry pauses skipped. */
    const upload = async () => {
      const job = uploadVideoFile(new File(['0123456789'], 'a.mp4'));
      job.catch(() => undefined);
      await vi.runAllTimersAsync();
      return job;
    };
    try {
      answers = [0, 0, 200];
      expect((await upload()).id).toBe(7);
      expect(puts).toBe(3);
      expect(callMock).toHaveBeenLastCalledWith('uploadVideoDone', { upload_id: 'u' }, { silent: true });

      callMock.mockClear();
      [answers, puts] = [[403], 0];
      await expect(upload()).rejects.toMatchObject({ status: 403 });
      expect(puts).toBe(1);
      expect(callMock).not.toHaveBeenCalledWith('uploadVideoDone', expect.anything(), expect.anything());

      [answers, puts] = [[0, 0, 0, 0], 0];
      await expect(upload()).rejects.toMatchObject({ code: ClientCode.NETWORK });
      expect(puts).toBe(3);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('passes a refusal of the server (not a video, too long) straight through', async () => {
    postMock.mockRejectedValue(new ApiError(10302, 'file: 视频时长不能超过60秒', 200));
    await expect(uploadVideoFile(new File(['0123456789'], 'a.mp4'))).rejects.toMatchObject({ code: 10302 });
    expect(postMock).toHaveBeenCalledTimes(1);
  });
});
