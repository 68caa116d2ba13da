-- The delivery log shows each attempt's request (URL and headers; the body is its message's
-- payload) and the response's headers, and says when the kept 4 KB of a response body is cut.
-- Rows logged before have no request recorded (NULL).
ALTER TABLE "WebhookDelivery"
  ADD COLUMN "responseBodyTruncated" BOOLEAN NOT NULL DEFAULT false,
  ADD COLUMN "requestUrl" TEXT,
  ADD COLUMN "requestHeaders" JSONB,
  ADD COLUMN "responseHeaders" JSONB;
