// `npm run files:to-s3`: copies FILES_DIR into the S3 bucket S3_BUCKET names
// (docs/operations.md "Files in S3"); idempotent.
import { runServerCli } from './server-cli.mjs';

runServerCli('files-to-s3', 'modules/files/files-to-s3.cli.ts');
