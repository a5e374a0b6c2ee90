import { z } from 'zod';

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * Where file bytes live (docs/operations.md "Files"). S3_BUCKET set = an S3 or
 * S3-compatible bucket (every instance sees every file); unset = the local
 * folder FILES_DIR. The credentials are the SDK's standard variables; unset,
 * the SDK's default chain (an instance or task role) answers.
 */
export const STORAGE_ENV = {
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'a bucket name (3-63 lower-case letters, digits, dots, hyphens)',
    )
    .optional(),
  /** An S3-compatible store's URL (MinIO, Ceph, a provider's endpoint); unset = AWS S3 in S3_REGION. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,40}$/, 'a region such as eu-south-2')
    .default('us-east-1'),
  /** Address buckets as endpoint/bucket (most self-hosted stores need it). */
  S3_FORCE_PATH_STYLE: flag.default(false),
  /** Object names start with this (several shops in one bucket); '' or ending in '/'. */
  S3_PREFIX: z
    .string()
    .regex(/^([a-z0-9][a-z0-9_-]*\/)*$/, 'lower-case folders ending in /, e.g. shop/')
    .default(''),
  AWS_ACCESS_KEY_ID: z.string().min(1).optional(),
  AWS_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  AWS_SESSION_TOKEN: z.string().min(1).optional(),
};
