"use client";

import { useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Icon, type IconProps } from "@/components/ui/icons";
import { useUploadImage, type UploadedImage } from "@/lib/hooks/use-images";
import { errorMessage } from "@/lib/ui/fetch-api";

const UploadIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4" />
    <path d="m17 8-5-5-5 5" />
    <path d="M12 3v12" />
  </Icon>
);

/**
 * Uploads an image file (POST /api/v1/images) and hands back the stored image, whose public
 * address the image block then shows. The server decides the type by content and the limits;
 * its message (too large, not an image, over the quota) is shown under the button.
 */
export function ImageUploadButton({ onUploaded }: { onUploaded: (image: UploadedImage) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadImage();
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  async function onFile(file: File | undefined) {
    if (!file) return;
    setError(null);
    try {
      onUploaded(await upload.mutateAsync(file));
    } catch (failure) {
      // The API names the form field first ("file: ..."): here the button is the field.
      setError(errorMessage(failure).replace(/^file: (\w)/, (_, first: string) => first.toUpperCase()));
    } finally {
      if (input.current) input.current.value = "";
    }
  }

  return (
    <div className="space-y-1">
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="image-upload-input"
        onChange={(e) => void onFile(e.target.files?.[0])}
      />
      <Button
        variant="secondary"
        size="sm"
        loading={upload.isPending}
        onClick={() => input.current?.click()}
        aria-describedby={error ? errorId : undefined}
      >
        <UploadIcon />
        {upload.isPending ? "Uploading…" : "Upload image"}
      </Button>
      {error && (
        <p id={errorId} role="alert" className="text-[13px] text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
