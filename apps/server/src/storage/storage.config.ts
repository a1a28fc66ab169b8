type Env = Record<string, string | undefined>;

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

/** The storage settings, in the shape of the server's ENV_VARS table (listed in the README with the others). */
export const STORAGE_ENV_VARS = [
  { name: 'S3_BUCKET', default: '(unset: files on local disk under DATA_DIR/uploads)', doc: 'Bucket of an S3-compatible store for uploads, posters and video segments; setting it turns S3 storage on' },
  { name: 'S3_ENDPOINT', default: '(unset: AWS)', doc: 'Endpoint of a non-AWS S3-compatible store (MinIO, R2, OSS…)' },
  { name: 'S3_REGION', default: 'us-east-1', doc: 'Region of the bucket' },
  { name: 'S3_ACCESS_KEY_ID', default: '(required with S3_BUCKET)', doc: 'Access key' },
  { name: 'S3_SECRET_ACCESS_KEY', default: '(required with S3_BUCKET)', doc: 'Secret key' },
  { name: 'S3_PUBLIC_URL', default: '(unset: <endpoint>/<bucket>)', doc: 'Base URL clients fetch objects from (a CDN in front of the bucket); objects must be publicly readable there' },
  { name: 'S3_FORCE_PATH_STYLE', default: '1 with S3_ENDPOINT, else 0', doc: 'Path-style bucket addressing' },
] as const;

/** Reads the S3 settings; undefined (local disk) unless S3_BUCKET is set. */
export function loadS3Config(env: Env = process.env): S3Config | undefined {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return undefined;
  const accessKeyId = env.S3_ACCESS_KEY_ID ?? '';
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY ?? '';
  if (!accessKeyId || !secretAccessKey) throw new Error('S3_BUCKET is set: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required too');
  const endpoint = env.S3_ENDPOINT?.trim().replace(/\/+$/, '') || undefined;
  const region = env.S3_REGION?.trim() || 'us-east-1';
  const pathStyle = env.S3_FORCE_PATH_STYLE;
  if (pathStyle !== undefined && pathStyle !== '' && pathStyle !== '0' && pathStyle !== '1') throw new Error(`S3_FORCE_PATH_STYLE must be 0 or 1, got "${pathStyle}"`);
  const forcePathStyle = pathStyle ? pathStyle === '1' : endpoint !== undefined;
  const defaultPublic = endpoint
    ? forcePathStyle
      ? `${endpoint}/${bucket}`
      : endpoint.replace('://', `://${bucket}.`)
    : `https://${bucket}.s3.${region}.amazonaws.com`;
  const publicUrl = (env.S3_PUBLIC_URL?.trim() || defaultPublic).replace(/\/+$/, '');
  return { endpoint, region, bucket, accessKeyId, secretAccessKey, publicUrl, forcePathStyle };
}
