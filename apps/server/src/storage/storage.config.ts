import { optionalText, section, text } from '../config/setting.js';

/** Where an S3-compatible store is and how to reach it; undefined when files stay on local disk. */
export interface S3Config {
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Base URL clients fetch objects from (a CDN, or the bucket's own URL). */
  publicUrl: string;
  /** Path-style addressing (`<endpoint>/<bucket>/<key>`), which MinIO-like servers need. */
  forcePathStyle: boolean;
}

/** The storage settings: one section of the server's configuration schema; undefined (local disk) unless S3_BUCKET is set. */
export const storageSettings = section(
  {
    S3_BUCKET: optionalText(
      '(unset: files on local disk under DATA_DIR/uploads)',
      'Bucket of an S3-compatible store for uploads, posters and video segments; setting it turns S3 storage on',
    ),
    S3_ENDPOINT: optionalText('(unset: AWS)', 'Endpoint of a non-AWS S3-compatible store (MinIO, R2, OSS…)'),
    S3_REGION: text('us-east-1', 'us-east-1', 'Region of the bucket'),
    S3_ACCESS_KEY_ID: text('', '(required with S3_BUCKET)', 'Access key'),
    S3_SECRET_ACCESS_KEY: text('', '(required with S3_BUCKET)', 'Secret key'),
    S3_PUBLIC_URL: optionalText(
      '(unset: <endpoint>/<bucket>)',
      'Base URL clients fetch objects from (a CDN in front of the bucket); objects must be publicly readable there',
    ),
    S3_FORCE_PATH_STYLE: optionalText('1 with S3_ENDPOINT, else 0', 'Path-style bucket addressing'),
  },
  (v, fail): S3Config | undefined => {
    const bucket = v.S3_BUCKET?.trim();
    if (!bucket) return undefined;
    if (!v.S3_ACCESS_KEY_ID || !v.S3_SECRET_ACCESS_KEY)
      fail('S3_ACCESS_KEY_ID', 'S3_BUCKET is set: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required too');
    const endpoint = v.S3_ENDPOINT?.trim().replace(/\/+$/, '') || undefined;
    const region = v.S3_REGION.trim() || 'us-east-1';
    const pathStyle = v.S3_FORCE_PATH_STYLE;
    if (pathStyle !== undefined && pathStyle !== '0' && pathStyle !== '1')
      fail('S3_FORCE_PATH_STYLE', `S3_FORCE_PATH_STYLE must be 0 or 1, got "${pathStyle}"`);
    const forcePathStyle = pathStyle ? pathStyle === '1' : endpoint !== undefined;
    const defaultPublic = endpoint
      ? forcePathStyle
        ? `${endpoint}/${bucket}`
        : endpoint.replace('://', `://${bucket}.`)
      : `https://${bucket}.s3.${region}.amazonaws.com`;
    const publicUrl = (v.S3_PUBLIC_URL?.trim() || defaultPublic).replace(/\/+$/, '');
    return { endpoint, region, bucket, accessKeyId: v.S3_ACCESS_KEY_ID, secretAccessKey: v.S3_SECRET_ACCESS_KEY, publicUrl, forcePathStyle };
  },
);
