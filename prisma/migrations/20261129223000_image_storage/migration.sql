-- An uploaded image's bytes in the database (as before) or in the S3-compatible bucket.
ALTER TABLE "Image" ALTER COLUMN "data" DROP NOT NULL;
ALTER TABLE "Image" ADD COLUMN "storage" TEXT NOT NULL DEFAULT 'database';
